// Starts the service: database (migrated), Probot for webhooks, the /v1 API, graceful shutdown.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPrivateKey } from "@probot/get-private-key";
import { createNodeMiddleware, createProbot } from "probot";
import type { Logger } from "pino";
import { createRateLimits, createRedisRateLimits } from "../api/rate-limit.js";
import { createBillingGate } from "../billing/index.js";
import { closeAnalyzerPool, configureAnalyzerPool } from "../engine/index.js";
import type { AppOptions } from "../config/read-env-options.js";
import type { ConsoleOptions } from "../console/create-console-router.js";
import { createGitHubSide } from "../github/index.js";
import { openDatabase, type DatabaseLocation } from "../storage/open-database.js";
import { purgeExpiredRecords } from "../storage/purge-expired-records.js";
import { createApp } from "./create-app.js";
import { explainDatabaseError, explainListenError } from "./explain-startup-error.js";
import { createLogger } from "./create-logger.js";
import { createSetupFlow } from "./setup-flow.js";
import { forwardWebhookProxy } from "./forward-webhook-proxy.js";

export function databaseLocation(options: AppOptions): DatabaseLocation {
  return options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir };
}

/** OpenID Connect and e-mail sign-in for the console, when either is configured. */
function signInMethods(options: AppOptions): ConsoleOptions["signInMethods"] {
  const { publicUrl, oidc, email } = options.signInMethods ?? {};
  if (!publicUrl || (!oidc && !email)) return undefined;
  return { publicUrl, oidc, email };
}

export interface RunningServer {
  server: Server;
  /** Graceful stop; running review jobs get graceMs (SHUTDOWN_GRACE_MS by default). */
  close(graceMs?: number): Promise<void>;
}

export async function startServer(options: AppOptions, log: Logger = createLogger(options)): Promise<RunningServer> {
  // The analyzer's worker threads start with the first large review; their warnings go to the service's log.
  await configureAnalyzerPool({ threads: options.analyzerThreads, log: log.child({ name: "analyzer" }) });
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
    // Probot's throttling then paces each installation through Redis (Bottleneck clustering), so
    // several instances together stay within GitHub's per-installation write rate.
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: options.logLevel as "info",
  };
  const privateKey = getPrivateKey({ env: probotEnv });
  const missing = [!options.github.appId && "APP_ID", !privateKey && "PRIVATE_KEY or PRIVATE_KEY_PATH", !options.github.webhookSecret && "WEBHOOK_SECRET"].filter(Boolean);

  const githubSide = createGitHubSide({ db, log, options, admitReview: createBillingGate(db.prisma, { enabled: options.billing ?? false }) });
  let github;
  const configured = Boolean(options.github.appId && privateKey && options.github.webhookSecret);
  if (configured) {
    const probot = createProbot({ env: probotEnv, overrides: { log: log.child({ name: "probot" }) } });
    github = await createNodeMiddleware(githubSide.appFn, { probot, webhooksPath: options.github.webhookPath });
    githubSide.start(probot);
  } else {
    github = await createSetupFlow({
      log,
      port: options.port,
      host: options.host,
      webhookPath: options.github.webhookPath,
      baseUrl: options.baseUrl,
      webhookProxyUrl: options.github.webhookProxyUrl,
    });
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
      signInMethods: signInMethods(options),
      publicUrl: options.baseUrl,
    },
    deprecation: options.v1Deprecation,
    sunset: options.v1Sunset,
    github,
    webhookPath: options.github.webhookPath,
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
  // Expired idempotency records, old deliveries and finished jobs: at start, then hourly.
  const purge = () =>
    purgeExpiredRecords(db.prisma, new Date()).then(
      (purged) => log.debug({ purged }, "expired records purged"),
      (error: unknown) => log.error({ err: error }, "purging expired records failed"),
    );
  void purge();
  const purgeTimer = setInterval(purge, 60 * 60 * 1000).unref();

  let proxy: { stop(): Promise<void> } | undefined;
  // Shutdown: no review job is claimed from the first moment; running ones get the grace to
  // finish and are otherwise handed back to the queue (their check runs stay in progress for the
  // next attempt); webhooks still being answered finish; then the database closes.
  let closing: Promise<void> | undefined;
  const close = (graceMs = options.shutdownGraceMs) =>
    (closing ??= (async () => {
      clearInterval(purgeTimer);
      await proxy?.stop();
      const queueStopped = githubSide.stop(graceMs);
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await Promise.all([queueStopped, serverClosed]);
      clearTimeout(cut);
      // After the reviews: one still running past the grace falls back to the main thread rather than failing.
      await closeAnalyzerPool();
      await rateLimits.close?.();
      await db.close();
    })());
  // Before the start line: whoever reads it may stop the server at once.
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

  const address = server.address() as AddressInfo;
  const local = `http://${address.address === "0.0.0.0" || address.address === "::" ? "localhost" : address.address}:${address.port}`;
  log.info(`Clearance listening on http://${address.address}:${address.port}: the /v1 API is served`);
  if (configured) {
    log.info(`GitHub App ${options.github.appId}: webhooks are received at ${options.github.webhookPath}`);
  } else {
    log.warn(
      `GitHub App not configured (missing ${missing.join(", ")}): webhooks are off. ` +
        `Register the App at ${local}/probot (Probot's manifest flow writes .env), or set the variables (see README).`,
    );
  }
  // In development GitHub delivers to a smee.io channel; something must carry it to this server.
  if (configured && options.github.webhookProxyUrl) {
    proxy = await forwardWebhookProxy(options.github.webhookProxyUrl, `http://127.0.0.1:${address.port}${options.github.webhookPath}`, log);
  }
  return { server, close };
}
