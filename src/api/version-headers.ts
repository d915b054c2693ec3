// RFC 9745 Deprecation and RFC 8594 Sunset on every /v1 response once retirement is announced.
import type { RequestHandler } from "express";

export function versionHeaders(dates: { deprecation?: Date; sunset?: Date }): RequestHandler {
  const deprecation = dates.deprecation ? `@${Math.floor(dates.deprecation.getTime() / 1000)}` : undefined;
  const sunset = dates.sunset?.toUTCString();
  return (_req, res, next) => {
    if (deprecation) res.setHeader("Deprecation", deprecation);
    if (sunset) res.setHeader("Sunset", sunset);
    next();
  };
}
