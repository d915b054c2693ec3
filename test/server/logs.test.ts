// What `clearance serve` prints: one JSON object a line when stdout is not a terminal (a log
// collector), readable lines with LOG_FORMAT=pretty (as on a terminal); one `name` per line; no
// Probot banner that says custom routes do not work while the /v1 API is served.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "../../src/server/create-logger.js";
import { cleanEnv, startServerProcess } from "../support/spawn-clearance.js";

const dataDir = mkdtempSync(join(tmpdir(), "clearance-logs-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startAndStop(env: Record<string, string>): Promise<string[]> {
  const server = await startServerProcess(cleanEnv({ DATA_DIR: dataDir, ...env }));
  expect(await server.stop()).toBe(0);
  return server.output().trim().split("\n");
}

describe("the service's logs", () => {
  it("are JSON lines when stdout is not a terminal, each with at most one name, and agree with the start line", async () => {
    const lines = await startAndStop({});
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(line.match(/"name":/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const messages = records.map((r) => String(r.msg));
    expect(messages.some((m) => /^Clearance listening on http:\/\/127\.0\.0\.1:\d+: the \/v1 API is served$/.test(m))).toBe(true);
    expect(messages.some((m) => m.startsWith("GitHub App not configured") && m.includes("/probot"))).toBe(true);
    expect(messages.join("\n")).not.toMatch(/Welcome to Probot|custom routes will not work/);
  }, 120_000);

  it("are readable lines with LOG_FORMAT=pretty", async () => {
    const lines = await startAndStop({ LOG_FORMAT: "pretty" });
    expect(lines.some((l) => /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Clearance listening on http:\/\/127\.0\.0\.1:\d+/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("{"))).toBe(false);
  }, 120_000);

  it("choose pretty for a terminal and JSON otherwise", () => {
    // pino writes JSON through SonicBoom, and hands lines to a transport (pino-pretty) through a ThreadStream.
    const transportOf = (logger: object) => {
      const key = Object.getOwnPropertySymbols(logger).find((s) => s.description === "pino.stream");
      expect(key).toBeDefined();
      const stream = (logger as Record<symbol, { constructor: { name: string }; end?: () => void }>)[key!]!;
      const threaded = stream.constructor.name === "ThreadStream";
      if (threaded) stream.end!(); // its worker thread would keep Jest's worker alive
      return threaded;
    };
    expect(transportOf(createLogger({ logLevel: "info" }, false))).toBe(false);
    expect(transportOf(createLogger({ logLevel: "info" }, true))).toBe(true);
    expect(transportOf(createLogger({ logLevel: "info", logFormat: "json" }, true))).toBe(false);
  });
});
