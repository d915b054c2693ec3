// The /v1 configuration API. Handlers stay thin: they translate HTTP into domain calls and back.
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { listFrameworks } from "../domain/catalogue.js";
import { getConfiguration, updateConfiguration } from "../domain/configuration/configuration-store.js";
import { validateConfigurationUpdate } from "../domain/configuration/validate-configuration-update.js";
import type { Prisma } from "../storage/open-database.js";
import type { SqlDriver } from "../storage/sql-driver.js";
import { authenticate, callerOf } from "./authenticate.js";
import { ApiError } from "./errors.js";
import { parseIdempotencyKey, releaseIdempotencyKey, requestFingerprint, reserveIdempotencyKey } from "./idempotency.js";
import { buildOpenApiDocument } from "./openapi.js";
import { parseJsonBody } from "./parse-json-body.js";
import { rateLimit, type RateLimits } from "./rate-limit.js";
import { rejectKeyInUrl } from "./reject-key-in-url.js";
import { versionHeaders } from "./version-headers.js";

export interface V1Dependencies {
  prisma: Prisma;
  sql: SqlDriver;
  rateLimits: RateLimits;
  log: Logger;
  now: () => Date;
  deprecation?: Date;
  sunset?: Date;
}

export function createV1Router(deps: V1Dependencies): Router {
  const { prisma, sql, log, now } = deps;
  const router = Router({ caseSensitive: true, strict: true });
  const perIp = rateLimit(deps.rateLimits.ip, (req) => `ip:${req.ip}`, log);
  const perKey = rateLimit(deps.rateLimits.key, (req) => `key:${callerOf(req).keyId}`, log);
  const openApiDocument = buildOpenApiDocument();

  router.use(versionHeaders({ deprecation: deps.deprecation, sunset: deps.sunset }));
  router.use(rejectKeyInUrl);

  router.get("/frameworks", perIp, (_req, res) => {
    res.json({ frameworks: listFrameworks() });
  });
  router.all("/frameworks", methodNotAllowed("GET, HEAD"));

  router.get("/openapi.json", perIp, (_req, res) => {
    res.json(openApiDocument);
  });
  router.all("/openapi.json", methodNotAllowed("GET, HEAD"));

  router.get("/config", perIp, authenticate(sql, "config:read", now), perKey, async (req, res) => {
    res.json(await getConfiguration(sql, callerOf(req).organisationId));
  });

  router.put("/config", perIp, authenticate(sql, "config:write", now), perKey, ...parseJsonBody, async (req: Request, res: Response) => {
    const caller = callerOf(req);
    const idempotencyKey = parseIdempotencyKey(req.get("idempotency-key"));
    const validation = validateConfigurationUpdate(req.body);
    if (!validation.ok) throw new ApiError(validation.status, validation.code, validation.message, { unknown: validation.unknown });

    if (idempotencyKey) {
      const requestHash = requestFingerprint("PUT", "/v1/config", req.body);
      const reservation = await reserveIdempotencyKey(prisma, { apiKeyId: caller.keyId, key: idempotencyKey, requestHash, now: now() });
      if (reservation.kind === "replay") {
        res.setHeader("Idempotent-Replayed", "true");
        res.status(reservation.status).json(reservation.body);
        return;
      }
    }
    try {
      const stored = await updateConfiguration(sql, validation.update, {
        organisationId: caller.organisationId,
        actor: `api_key:${caller.keyId}`,
        apiKeyId: caller.keyId,
        idempotencyKey,
        now: now(),
        beforeCommit: idempotencyKey
          ? async (tx, echoed) => {
              await tx.query(
                `UPDATE idempotency_records SET state = 'completed', response_status = 200, response_body = $3::jsonb
                  WHERE api_key_id = $1 AND key = $2`,
                [caller.keyId, idempotencyKey, JSON.stringify({ ok: true, ...echoed })],
              );
            }
          : undefined,
      });
      res.json({ ok: true, ...stored });
    } catch (error) {
      if (idempotencyKey) {
        await releaseIdempotencyKey(prisma, caller.keyId, idempotencyKey).catch((releaseError: unknown) =>
          log.error({ err: releaseError }, "could not release an idempotency key after a failed request"),
        );
      }
      throw error;
    }
  });
  router.all("/config", methodNotAllowed("GET, HEAD, PUT"));

  return router;
}

function methodNotAllowed(allow: string): RequestHandler {
  return (req, _res, next) => {
    next(new ApiError(405, "method_not_allowed", `${req.method} is not supported on ${req.baseUrl}${req.path}; allowed: ${allow}.`, { headers: { Allow: allow } }));
  };
}
