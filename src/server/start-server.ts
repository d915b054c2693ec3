// Starts the service: database (migrated), Probot for webhooks, the /v1 API, graceful shutdown.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPrivateKey } from "@probot/get-private-key";
import { createNodeMiddleware, createProbot } from "probot";
import { pino, type Logger } from "pino";
import { createRateLimits } from "../api/rate-limit.js";
import { createBillingGate } from "../billing/index.js";
import type { AppOptions } from "../config/read-env-options.js";
import { createGitHubSide } from "../github/index.js";
import { openDatabase, type DatabaseLocation } from "../storage/open-database.js";
import { purgeExpiredRecords } from "../storage/purge-expired-records.js";
import { createApp } from "./create-app.js";
import { explainDatabaseError, explainListenError } from "./explain-startup-error.js";
import { createSetupFlow } from "./setup-flow.js";

export function databaseLocation(options: AppOptions): DatabaseLocation {
  return options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir };
}

export interface RunningServer {
  server: Server;
  close(): Promise<void>;
}

export async function startServer(options: AppOptions, log: Logger = pino({ name: "clearance", level: options.logLevel })): Promise<RunningServer> {
  const db = await openDatabase(databaseLocation(options), {
    shareEmbedded: true,
    onIdleConnectionError: (error) => log.warn({ err: error }, "the database ended an idle connection; the pool replaces it"),
  }).catch((error: unknown) => {
    throw explainDatabaseError(error, options) ?? error;
  });
  log.info(`database: ${db.description} (migrations applied)`);

  const probotEnv = {
    APP_ID: options.github.appId,
    PRIVATE_KEY: options.github.privateKey,
    PRIVATE_KEY_PATH: options.github.privateKeyPath,
    WEBHOOK_SECRET: options.github.webhookSecret,
    WEBHOOK_PATH: options.github.webhookPath,
    GHE_HOST: options.github.gheHost,
    GHE_PROTOCOL: options.github.gheProtocol,
    LOG_LEVEL: options.logLevel as "info",
  };
  const privateKey = getPrivateKey({ env: probotEnv });
  const missing = [!options.github.appId && "APP_ID", !privateKey && "PRIVATE_KEY or PRIVATE_KEY_PATH", !options.github.webhookSecret && "WEBHOOK_SECRET"].filter(Boolean);

  const githubSide = createGitHubSide({ db, log, options, admitReview: createBillingGate(db.prisma, { enabled: options.billing ?? false }) });
  let github;
  if (options.github.appId && privateKey && options.github.webhookSecret) {
    const probot = createProbot({ env: probotEnv, overrides: { log: log.child({ name: "probot" }) } });
    github = await createNodeMiddleware(githubSide.appFn, { probot, webhooksPath: options.github.webhookPath });
    githubSide.start(probot);
    log.info(`GitHub App ${options.github.appId}: webhooks at ${options.github.webhookPath}`);
  } else {
    log.warn(
      `GitHub App not configured (missing ${missing.join(", ")}): webhooks are off, the /v1 API is served. ` +
        `Open http://localhost:${options.port}/probot to register the App with Probot's manifest flow, or set the variables (see README).`,
    );
    github = await createSetupFlow({ log, port: options.port, host: options.host });
  }

  const app = createApp({
    db,
    log,
    rateLimits: createRateLimits(options.rateLimit),
    trustProxy: options.trustProxy,
    deprecation: options.v1Deprecation,
    sunset: options.v1Sunset,
    github,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 calls back with the error too (EADDRINUSE), not only on success.
    const listening = app.listen(options.port, options.host ?? "0.0.0.0", (error?: Error) => (error ? reject(error) : resolve(listening)));
    listening.once("error", reject);
  }).catch(async (error: unknown) => {
    await githubSide.stop();
    await db.close();
    throw explainListenError(error, options) ?? error;
  });
  const address = server.address() as AddressInfo;
  log.info(`Clearance listening on http://${address.address}:${address.port}`);

  // Expired idempotency records, old deliveries and finished jobs: at start, then hourly.
  const purge = () =>
    purgeExpiredRecords(db.prisma, new Date()).then(
      (purged) => log.debug({ purged }, "expired records purged"),
      (error: unknown) => log.error({ err: error }, "purging expired records failed"),
    );
  void purge();
  const purgeTimer = setInterval(purge, 60 * 60 * 1000).unref();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(purgeTimer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await githubSide.stop();
      await db.close();
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info(`${signal}: shutting down`);
      void close().then(() => process.exit(0));
    });
  }
  return { server, close };
}
