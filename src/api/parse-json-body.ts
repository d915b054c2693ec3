// Reads a JSON body of at most 64 KB. A larger declared body is refused before it is read.
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { ApiError } from "./errors.js";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new ApiError(413, "payload_too_large", `The request body exceeds ${MAX_BODY_BYTES / 1024} KB.`, { headers: { Connection: "close" } });

const refuseLargeDeclaredBody: RequestHandler = (req, _res, next) => {
  const declared = Number(req.get("content-length") ?? 0);
  next(declared > MAX_BODY_BYTES ? tooLarge() : undefined);
};

const requireJsonContentType: RequestHandler = (req, _res, next) => {
  next(req.is("application/json") ? undefined : new ApiError(400, "invalid_request", "Content-Type must be application/json."));
};

const translateParseErrors: ErrorRequestHandler = (error, _req, _res, next) => {
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") return next(tooLarge());
  if (type === "entity.parse.failed") return next(new ApiError(400, "invalid_request", "The body is not valid JSON."));
  if (type === "encoding.unsupported" || type === "charset.unsupported") return next(new ApiError(400, "invalid_request", "The body must be UTF-8 JSON."));
  next(error);
};

export const parseJsonBody: (RequestHandler | ErrorRequestHandler)[] = [
  refuseLargeDeclaredBody,
  requireJsonContentType,
  express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true }),
  translateParseErrors,
];
