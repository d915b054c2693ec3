// Child process of bench/api.ts: serves the real app (on the PostgreSQL database given) and a bare
// Express JSON route, the ceiling, and prints their ports and a ready key as one JSON line.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { createRateLimits } from "../src/api/rate-limit.js";
import { createApiKey } from "../src/domain/api-keys.js";
import { claimInstallation, recordInstallation } from "../src/domain/installations.js";
import { createApp } from "../src/server/create-app.js";
import { openDatabase } from "../src/storage/open-database.js";

const db = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL! });
await recordInstallation(db.prisma, { id: 1n, accountLogin: "bench" });
await claimInstallation(db.prisma, 1n);
const { key } = await createApiKey(db.prisma, { installationId: 1n });
// More organisations, for writes that do not contend for one configuration row.
const keys: string[] = [];
const organisationIds: string[] = [];
for (let i = 2n; i < 34n; i++) {
  await recordInstallation(db.prisma, { id: i, accountLogin: `bench-${i}` });
  organisationIds.push((await claimInstallation(db.prisma, i)).id);
  keys.push((await createApiKey(db.prisma, { installationId: i })).key);
}

const app = createApp({
  db,
  log: pino({ level: "warn" }),
  rateLimits: createRateLimits({ perIpPerMinute: 1e9, perKeyPerMinute: 1e9 }),
});
const bare = express();
bare.get("/ping", (_req, res) => {
  res.json({ ok: true });
});

const listen = (handler: express.Express) =>
  new Promise<Server>((resolve) => {
    const server = handler.listen(0, "127.0.0.1", () => resolve(server));
  });
const servers = await Promise.all([listen(app), listen(bare)]);
const [appPort, barePort] = servers.map((s) => (s.address() as AddressInfo).port);
process.stdout.write(`${JSON.stringify({ appPort, barePort, key, keys, organisationIds })}\n`);
// Requests still in flight finish before the database closes, as in the server's own shutdown.
process.on("SIGTERM", async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await db.close();
  process.exit(0);
});
