// Keys belong in the Authorization header: a key in a URL ends up in logs, proxies and history.
import type { RequestHandler } from "express";
import { KEY_PREFIX } from "../domain/api-keys.js";
import { ApiError } from "./errors.js";

const CREDENTIAL_PARAMETERS = new Set(["api_key", "key", "token", "access_token"]);
/** The key prefix at the start of a word: a bare name (`?clr_…`), a value, after a space or "Bearer ". */
const KEY_IN_TEXT = new RegExp(`(?:^|[^A-Za-z0-9])${KEY_PREFIX}`, "i");

export const rejectKeyInUrl: RequestHandler = (req, _res, next) => {
  const at = req.originalUrl.indexOf("?");
  if (at >= 0) {
    const raw = req.originalUrl.slice(at + 1);
    const query = new URLSearchParams(raw);
    let found = KEY_IN_TEXT.test(raw);
    for (const [name, value] of query) {
      if (found) break;
      found = CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || KEY_IN_TEXT.test(name) || KEY_IN_TEXT.test(value);
    }
    if (found) {
      return next(new ApiError(400, "invalid_request", "API keys must not be sent in the URL; send them in the Authorization header as a Bearer token, and revoke a key that was exposed."));
    }
  }
  next();
};
