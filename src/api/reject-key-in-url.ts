// Keys belong in the Authorization header: a key in a URL ends up in logs, proxies and history.
import type { RequestHandler } from "express";
import { KEY_PREFIX } from "../domain/api-keys.js";
import { ApiError } from "./errors.js";

const CREDENTIAL_PARAMETERS = new Set(["api_key", "key", "token", "access_token"]);

export const rejectKeyInUrl: RequestHandler = (req, _res, next) => {
  const query = req.originalUrl.includes("?") ? new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf("?") + 1)) : null;
  if (query) {
    for (const [name, value] of query) {
      if (CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || value.startsWith(KEY_PREFIX)) {
        return next(new ApiError(400, "invalid_request", "API keys must not be sent in the URL; send them in the Authorization header as a Bearer token, and revoke a key that was exposed."));
      }
    }
  }
  next();
};
