// app.yml registers what the console needs: its callback URL, setup URL and install-time
// authorisation, on the paths the console serves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import yaml from "js-yaml";
import { isConsolePath } from "../../src/console/create-console-router.js";

const manifest = yaml.load(readFileSync(new URL("../../app.yml", import.meta.url), "utf8")) as Record<string, unknown>;

describe("app.yml", () => {
  it("names the console's callback and setup URLs and asks for authorisation on install", () => {
    const callbacks = manifest.callback_urls as string[];
    expect(callbacks.map((u) => new URL(u).pathname)).toEqual(["/auth/github/callback"]);
    expect(new URL(manifest.setup_url as string).pathname).toBe("/setup");
    expect(manifest.request_oauth_on_install).toBe(true);
    for (const path of ["/auth/github/callback", "/setup"]) expect(isConsolePath(path)).toBe(true);
  });

  it("still asks for no organisation permission (the admin check uses the user's own token)", () => {
    expect(Object.keys(manifest.default_permissions as object).sort()).toEqual(["checks", "contents", "metadata", "pull_requests"]);
  });
});
