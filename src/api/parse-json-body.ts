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
  if (error instanceof ApiError) return next(error); // refused earlier in the route (401, 403, 429, 413)
  const { type, status } = error as { type?: string; status?: number };
  if (type === "entity.too.large") return next(tooLarge());
  if (type === "entity.parse.failed") return next(new ApiError(400, "invalid_request", "The body is not valid JSON."));
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return next(new ApiError(400, "invalid_request", "The body must be UTF-8 JSON, sent as is or with Content-Encoding gzip, deflate or br."));
  }
  // The client went away mid-body: nobody reads the answer and it is not our error to log.
  if (type === "request.aborted") return next(new ApiError(400, "invalid_request", "The request was aborted by the client."));
  // Any other refusal of the body parser (a body its Content-Encoding cannot decode, a length
  // that does not match) is the client's: a 4xx, never the 500 of an unexpected error.
  if (typeof status === "number" && status >= 400 && status < 500) {
    return next(new ApiError(400, "invalid_request", "The body could not be read: its Content-Encoding or length is not valid."));
  }
  next(error);
};

export const parseJsonBody: (RequestHandler | ErrorRequestHandler)[] = [
  refuseLargeDeclaredBody,
  requireJsonContentType,
  express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true }),
  translateParseErrors,
];
