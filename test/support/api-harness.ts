// Serves the real Express app on a loopback port, over a fresh test database, and gives the
// test what an API client and an operator would have: HTTP and installations with keys.
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { createRateLimits, type RateLimits } from "../../src/api/rate-limit.js";
import { createApiKey, type Scope } from "../../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../../src/domain/installations.js";
import { createApp, type AppDependencies } from "../../src/server/create-app.js";
import type { Database } from "../../src/storage/open-database.js";
import { createTestDatabase } from "./database.js";
import { captureLogger } from "./silent-logger.js";

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any; // parsed JSON when the response is JSON, else the text
  text: string;
}

export interface Harness {
  db: Database;
  baseUrl: string;
  logLines: Record<string, unknown>[];
  clock: { now: Date };
  request(method: string, path: string, init?: { headers?: Record<string, string>; body?: unknown; rawBody?: string | Buffer }): Promise<HttpResult>;
  /** Records and claims an installation, and creates a key for it. */
  organisation(options?: { installationId?: bigint; scopes?: Scope[]; expiresInSeconds?: number }): Promise<{ installationId: bigint; organisationId: string; key: string; keyId: string }>;
  close(): Promise<void>;
}

let nextInstallationId = 1000n;

export async function startHarness(
  // overrides may depend on the server's own address (a redirect URI registered at a provider): it listens first.
  options: { db?: Database; rateLimits?: RateLimits; overrides?: Partial<AppDependencies> | ((baseUrl: string) => Promise<Partial<AppDependencies>>) } = {},
): Promise<Harness> {
  const db = options.db ?? (await createTestDatabase());
  const { log, lines } = captureLogger();
  const clock = { now: new Date("2026-11-22T10:00:00Z") };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createApp({
    db,
    log,
    rateLimits: options.rateLimits ?? createRateLimits({ perIpPerMinute: 100_000, perKeyPerMinute: 100_000 }),
    now: () => clock.now,
    ...(typeof options.overrides === "function" ? await options.overrides(baseUrl) : options.overrides),
  });
  server.on("request", app);

  return {
    db,
    baseUrl,
    logLines: lines,
    clock,
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | Buffer | undefined = init.rawBody;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["content-type"] ??= "application/json";
      }
      const response = await fetch(baseUrl + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async organisation(opts = {}) {
      const installationId = opts.installationId ?? nextInstallationId++;
      await recordInstallation(db.prisma, { id: installationId, accountLogin: `org-${installationId}` });
      const organisation = await claimInstallation(db.prisma, installationId, clock.now);
      const created = await createApiKey(db.prisma, { installationId, scopes: opts.scopes, expiresInSeconds: opts.expiresInSeconds, now: clock.now });
      return { installationId, organisationId: organisation.id, key: created.key, keyId: created.id };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.db) await db.close();
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
