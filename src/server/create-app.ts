// One Express app: Probot's webhook middleware (mounted before any body parser, since it verifies
// the signature over the raw body), health probes, and the /v1 configuration API.
import { randomUUID } from "node:crypto";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import { ApiError, internalError, sendError } from "../api/errors.js";
import type { RateLimits } from "../api/rate-limit.js";
import { createV1Router } from "../api/v1-router.js";
import { createConsoleRouter, type ConsoleOptions } from "../console/create-console-router.js";
import type { Database } from "../storage/open-database.js";
import { pendingMigrations } from "../storage/migrate.js";
import { createWebhookBodyLimiter, type WebhookBodyLimiter } from "./limit-webhook-body.js";

type NodeHandler = (req: express.Request, res: express.Response, next: (err?: unknown) => void) => unknown;

export interface AppDependencies {
  db: Database;
  log: Logger;
  rateLimits: RateLimits;
  now?: () => Date;
  trustProxy?: boolean | number | string;
  deprecation?: Date;
  sunset?: Date;
  /** The web console; served with sign-in switched off when not given. */
  console?: ConsoleOptions;
  /** Probot's node middleware for webhooks, or its manifest set-up flow when the App has no credentials. */
  github?: NodeHandler;
  /** Where webhooks arrive (default /api/github/webhooks): their bodies are read with a cap before Probot sees them. */
  webhookPath?: string;
  webhookBodyLimiter?: WebhookBodyLimiter;
}

export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? false);
  app.set("json replacer", (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  app.use(requestId);

  if (deps.github) {
    const github = deps.github;
    const limiter = deps.webhookBodyLimiter ?? createWebhookBodyLimiter({ path: deps.webhookPath ?? "/api/github/webhooks", log: deps.log });
    app.use(limiter.middleware);
    app.use(async (req, res, next) => {
      try {
        await github(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  }

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await deps.db.sql.query("SELECT 1");
      const pending = await pendingMigrations(deps.db.sql);
      if (pending.length > 0) {
        res.status(503).json({ status: "migrations_pending", pending });
        return;
      }
      // Rate-limit counts in memory while Redis is away: still serving, so still ready.
      const rateLimits = deps.rateLimits.store?.() ?? "memory";
      res.json({ status: rateLimits === "degraded" ? "degraded" : "ready", database: deps.db.kind, rateLimits });
    } catch (error) {
      deps.log.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "database_unreachable" });
    }
  });

  app.use(createConsoleRouter({ db: deps.db, log: deps.log, now: deps.now ?? (() => new Date()), options: deps.console ?? { signInPerMinute: 10 }, limiter: deps.rateLimits.limiter }));

  app.use(
    "/v1",
    createV1Router({
      prisma: deps.db.prisma,
      sql: deps.db.sql,
      rateLimits: deps.rateLimits,
      log: deps.log,
      now: deps.now ?? (() => new Date()),
      deprecation: deps.deprecation,
      sunset: deps.sunset,
    }),
  );

  app.use((req, _res, next) => {
    next(new ApiError(404, "not_found", `No such endpoint: ${req.method} ${req.path}.`));
  });
  app.use(errorHandler(deps.log));
  return app;
}

const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get("x-request-id");
  const id = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
};

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      log.error({ err: error, requestId: res.locals.requestId, method: req.method, path: req.path }, "error after the response started");
      res.end();
      return;
    }
    if (error instanceof ApiError) return sendError(res, error);
    log.error(
      { err: error, requestId: res.locals.requestId, method: req.method, path: req.path },
      "unexpected error while handling a request",
    );
    sendError(res, internalError());
  };
}
