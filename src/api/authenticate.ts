// Bearer API key authentication. The organisation acted on is always the key's own.
import type { Request, RequestHandler } from "express";
import { verifyApiKey, type Scope } from "../domain/api-keys.js";
import type { SqlDriver } from "../storage/sql-driver.js";
import { ApiError } from "./errors.js";

export interface Caller {
  keyId: string;
  organisationId: string;
  scopes: Scope[];
}

export function callerOf(req: Request): Caller {
  const caller = (req as Request & { caller?: Caller }).caller;
  if (!caller) throw new Error("authenticate() must run before callerOf()");
  return caller;
}

const unauthorized = (message: string) =>
  new ApiError(401, "unauthorized", message, { headers: { "WWW-Authenticate": 'Bearer realm="clearance"' } });

export function authenticate(sql: SqlDriver, scope: Scope, now: () => Date): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get("authorization");
    if (!header) return next(unauthorized("Missing API key: send Authorization: Bearer clr_…"));
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return next(unauthorized("Malformed Authorization header: expected Bearer followed by an API key."));
    const check = await verifyApiKey(sql, match[1]!, now());
    if (!check.ok) {
      const messages = {
        malformed: "Malformed API key.",
        unknown: "Invalid API key.",
        expired: "The API key has expired.",
        revoked: "The API key has been revoked.",
      };
      return next(unauthorized(messages[check.reason]));
    }
    if (!check.scopes.includes(scope)) return next(new ApiError(403, "forbidden", `The API key lacks the ${scope} scope.`));
    (req as Request & { caller?: Caller }).caller = { keyId: check.keyId, organisationId: check.organisationId, scopes: check.scopes };
    next();
  };
}
