// `clearance serve` refuses a bad start with one line that names the variable and what to do,
// exit code 1 and no stack trace: the real process, as an operator starts it.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { cleanEnv, runClearance } from "../support/spawn-clearance.js";

const dataDir = mkdtempSync(join(tmpdir(), "clearance-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function serve(env: Record<string, string>) {
  const result = await runClearance(["serve"], cleanEnv({ DATA_DIR: dataDir, HOST: "127.0.0.1", ...env }));
  expect(result.code).toBe(1);
  expect(result.stdout).not.toMatch(/\n\s+at /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("start-up errors", () => {
  it("an unknown LOG_LEVEL names the levels", async () => {
    expect(await serve({ LOG_LEVEL: "verbose" })).toBe(
      'clearance: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"',
    );
  }, 120_000);

  it("a PORT out of range says what a port is", async () => {
    expect(await serve({ PORT: "70000" })).toBe('clearance: PORT must be a port number from 1 to 65535 (or 0 for any free port), got "70000"');
  }, 120_000);

  it("a PORT in use says so", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      expect(await serve({ PORT: String(port), LOG_LEVEL: "silent" })).toBe(
        `clearance: PORT ${port} is already in use on 127.0.0.1:${port}: stop the other process, or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  }, 120_000);

  it("an unreachable database names DATABASE_URL and what to do", async () => {
    expect(await serve({ DATABASE_URL: "postgresql://clearance@127.0.0.1:1/clearance", LOG_LEVEL: "silent" })).toBe(
      "clearance: DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): start PostgreSQL there, or correct the host and port in DATABASE_URL.",
    );
  }, 120_000);

  // Needs a PostgreSQL server that answers: only on the PostgreSQL pass (TEST_DATABASE_URL).
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) it("a database that does not exist says how to create it", async () => {
    const url = new URL(postgres!);
    url.pathname = "/clearance_missing_database";
    const line = await serve({ DATABASE_URL: url.toString(), LOG_LEVEL: "silent" });
    expect(line).toContain('DATABASE_URL names the database "clearance_missing_database", which does not exist');
    expect(line).toContain(`createdb -h ${url.hostname}`);
    expect(line).toMatch(/clearance_missing_database` \(or CREATE DATABASE/);
  }, 120_000);
});
