// Starts the service: database (migrated), Probot for webhooks, the /v1 API, graceful shutdown.
import type { Server } from "node:http";
import { getPrivateKey } from "@probot/get-private-key";
import { createNodeMiddleware, createProbot } from "probot";
import { pino, type Logger } from "pino";
import { createRateLimits, createRedisRateLimits } from "../api/rate-limit.js";
import type { AppOptions } from "../config/read-env-options.js";
import { createGitHubSide } from "../github/index.js";
import { openDatabase, type DatabaseLocation } from "../storage/open-database.js";
import { purgeExpiredRecords } from "../storage/purge-expired-records.js";
import { createApp } from "./create-app.js";
import { createSetupFlow } from "./setup-flow.js";

export function databaseLocation(options: AppOptions): DatabaseLocation {
  return options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir };
}

export interface RunningServer {
  server: Server;
  /** Graceful stop; running review jobs get graceMs (SHUTDOWN_GRACE_MS by default). */
  close(graceMs?: number): Promise<void>;
}

export async function startServer(options: AppOptions, log: Logger = pino({ name: "clearance", level: options.logLevel })): Promise<RunningServer> {
  const db = await openDatabase(databaseLocation(options), {
    onIdleConnectionError: (error) => log.warn({ err: error }, "the database ended an idle connection; the pool replaces it"),
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
    // Probot's throttling then paces each installation through Redis (Bottleneck clustering), so
    // several instances together stay within GitHub's per-installation write rate.
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: options.logLevel as "info",
  };
  const privateKey = getPrivateKey({ env: probotEnv });
  const missing = [!options.github.appId && "APP_ID", !privateKey && "PRIVATE_KEY or PRIVATE_KEY_PATH", !options.github.webhookSecret && "WEBHOOK_SECRET"].filter(Boolean);

  const githubSide = createGitHubSide({ db, log, options });
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

  const rateLimits = options.redisUrl
    ? createRedisRateLimits({ ...options.rateLimit, redisUrl: options.redisUrl, log })
    : createRateLimits(options.rateLimit);
  const app = createApp({
    db,
    log,
    rateLimits,
    trustProxy: options.trustProxy,
    console: {
      oauth:
        options.console?.clientId && options.console.clientSecret
          ? { clientId: options.console.clientId, clientSecret: options.console.clientSecret, gheHost: options.github.gheHost, gheProtocol: options.github.gheProtocol }
          : undefined,
      signInPerMinute: options.console?.signInPerMinute ?? 10,
    },
    deprecation: options.v1Deprecation,
    sunset: options.v1Sunset,
    github,
    webhookPath: options.github.webhookPath,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host ?? "0.0.0.0", () => resolve(listening));
    listening.once("error", reject);
  });
  log.info(`Clearance listening on ${options.host ?? "0.0.0.0"}:${options.port}`);

  // Expired idempotency records, old deliveries and finished jobs: at start, then hourly.
  const purge = () =>
    purgeExpiredRecords(db.prisma, new Date()).then(
      (purged) => log.debug({ purged }, "expired records purged"),
      (error: unknown) => log.error({ err: error }, "purging expired records failed"),
    );
  void purge();
  const purgeTimer = setInterval(purge, 60 * 60 * 1000).unref();

  // Shutdown: no review job is claimed from the first moment; running ones get the grace to
  // finish and are otherwise handed back to the queue (their check runs stay in progress for the
  // next attempt); webhooks still being answered finish; then the database closes.
  let closing: Promise<void> | undefined;
  const close = (graceMs = options.shutdownGraceMs) =>
    (closing ??= (async () => {
      clearInterval(purgeTimer);
      const queueStopped = githubSide.stop(graceMs);
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await Promise.all([queueStopped, serverClosed]);
      clearTimeout(cut);
      await rateLimits.close?.();
      await db.close();
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info(`${signal}: shutting down (running reviews get ${options.shutdownGraceMs} ms)`);
      // The database gets what is left of a second after the grace; past that the process ends anyway.
      setTimeout(() => {
        log.error("shutdown: the database did not close in time; exiting without it");
        process.exit(1);
      }, options.shutdownGraceMs + 950).unref();
      void close().then(
        () => {
          log.info("shutdown complete");
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  return { server, close };
}
