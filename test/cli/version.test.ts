// `clearance --version` and help, as the real process prints them, whatever the environment.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { cleanEnv, runClearance } from "../support/spawn-clearance.js";

describe("clearance --version and --help as a process", () => {
  it("prints the package's version, and help even when the environment is invalid", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const printed = await runClearance(["--version"], cleanEnv({}));
    expect(printed).toEqual({ code: 0, stdout: `clearance ${version}\n`, stderr: "" });
    const help = await runClearance(["--help"], cleanEnv({ PORT: "70000" }));
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: clearance <command>/);
  }, 120_000);
});
