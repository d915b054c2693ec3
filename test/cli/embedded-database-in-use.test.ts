import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "@jest/globals";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "clearance-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the clearance command as a process", () => {
  it("says the embedded database is in use by a running server instead of failing obscurely", async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "clearance.lock"), String(process.pid)); // this test process plays the server
    const bin = new URL("../../bin/clearance.js", import.meta.url).pathname;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const failure = (await run(process.execPath, [bin, "claim", "7"], { env }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    ));
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain(`is in use by another Clearance process (pid ${process.pid})`);
    expect(failure.stderr).toContain("DATABASE_URL");
    expect(failure.stderr).not.toMatch(/\n\s+at /);
  });
});
