// On the embedded database, operator commands run beside the real server process and the server
// honours them on its next request; with the server stopped, they work on the folder alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { cleanEnv, runClearance, startServerProcess, type ServerProcess } from "../support/spawn-clearance.js";

const dataDir = mkdtempSync(join(tmpdir(), "clearance-beside-"));
const env = cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ok(...args: string[]) {
  const result = await runClearance(args, env);
  expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 0, stderr: "" });
  return result.stdout.trim().split("\n");
}

describe("operator commands beside a running server on the embedded database", () => {
  it("installation add, claim, key create and key revoke take effect on the server's next request", async () => {
    server = await startServerProcess({ ...env, LOG_LEVEL: "info" });
    const config = (key: string) => fetch(`${server!.baseUrl}/v1/config`, { headers: { authorization: `Bearer ${key}` } });

    await ok("installation", "add", "4242", "--account", "acme");
    expect((await ok("claim", "4242")).join("\n")).toContain("Claimed installation 4242");
    const key = (await ok("key", "create", "4242", "--name", "ci")).at(-1)!;
    expect(key).toMatch(/^clr_/);
    const first = await config(key);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ frameworks: [], review_language: "en" });

    await ok("key", "revoke", key);
    const after = await config(key);
    expect(after.status).toBe(401);

    // The server kept serving throughout and still does.
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

    // A second server on the same folder is refused, in one line.
    const second = await runClearance(["serve"], { ...env, PORT: "0", HOST: "127.0.0.1" });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^clearance: DATA_DIR \S+ is owned by another running Clearance process \(pid \d+\): stop it, give this server its own DATA_DIR/);
    expect(await server.stop()).toBe(0);
    server = undefined;

    // With the server stopped, a command opens the folder itself.
    expect((await ok("key", "list", "4242")).join("\n")).toMatch(/revoked /);
  }, 240_000);
});
