// npm run bench:api — requests per second and p99 latency of GET /v1/config, PUT /v1/config and a
// bare Express JSON route (the ceiling of GET), on PostgreSQL, in one run, beside PostgreSQL's own
// rate for the PUT's transaction through pg directly (the ceiling of PUT). The server runs in a child
// process so the load generator (autocannon) does not share its event loop. Loopback only.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { freshPostgresDatabase } from "./support/fresh-postgres-database.js";
import { measurePostgresCeiling } from "./support/postgres-ceiling.js";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const database = await freshPostgresDatabase(adminUrl);
const url = new URL(database.url);

const child = spawn(process.execPath, ["--import", "tsx", new URL("./api-server.ts", import.meta.url).pathname], {
  env: { ...process.env, BENCH_DATABASE_URL: url.toString() },
  stdio: ["ignore", "pipe", "inherit"],
});
const ready = await new Promise<{ appPort: number; barePort: number; key: string; keys: string[]; organisationIds: string[] }>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
});

async function measure(label: string, options: autocannon.Options) {
  await autocannon({ ...options, duration: Math.min(2, seconds), connections }); // warm-up
  const result = await autocannon({ ...options, duration: seconds, connections });
  const errors = result.errors + result.non2xx;
  return { label, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, errors, total: result.requests.total };
}

const auth = { authorization: `Bearer ${ready.key}` };
const base = `http://127.0.0.1:${ready.appPort}`;
const putBody = JSON.stringify({ frameworks: ["ISO_27001", "GDPR"], review_language: "de", commitments: [{ area: "logging", implementation: "400 days" }] });
let next = 0;
const results = [
  await measure("bare Express JSON route (ceiling)", { url: `http://127.0.0.1:${ready.barePort}/ping` }),
  await measure("GET /v1/config", { url: `${base}/v1/config`, headers: auth }),
  // Every writer on one organisation: the writes serialise on its configuration row (worst case).
  await measure("PUT /v1/config, one organisation", {
    url: `${base}/v1/config`,
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: putBody,
  }),
  // Writers spread over 32 organisations, as different API clients are.
  await measure("PUT /v1/config, 32 organisations", {
    url: `${base}/v1/config`,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: putBody,
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${ready.keys[next++ % ready.keys.length]}` } }),
      },
    ],
  }),
];

// The app's pool holds 10 connections (src/storage/open-database.ts): the ceiling gets the same.
const postgresCeiling = await measurePostgresCeiling({ url: url.toString(), organisationIds: ready.organisationIds, clients: connections, poolSize: 10, seconds });

const ceiling = results[0]!.rps;
console.log(`bench:api on PostgreSQL (${url.hostname}:${url.port || 5432}), ${connections} connections, ${seconds} s each, loopback`);
console.log("route".padEnd(36), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8), "of ceiling".padStart(11), "errors".padStart(7));
for (const r of results) {
  console.log(
    r.label.padEnd(36),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((r.rps / ceiling) * 100).toFixed(1)}%`.padStart(11),
    String(r.errors).padStart(7),
  );
}

const put32 = results[3]!.rps;
console.log(
  `PostgreSQL itself, the PUT's transaction (lock, update, audit insert) through pg, ${connections} clients on 10 connections: ` +
    `${postgresCeiling.toFixed(0)} tx/s; PUT across 32 organisations reaches ${((put32 / postgresCeiling) * 100).toFixed(1)}% of it`,
);
console.log(`GET /v1/config reaches ${((results[1]!.rps / ceiling) * 100).toFixed(1)}% of the bare Express route`);

child.kill("SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));
await database.drop();
