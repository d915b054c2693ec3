// Reads webhook bodies for Probot with a cap, before the signature is checked. GitHub caps a
// delivery at 25 MB, so a larger one is refused (413) by its Content-Length before it is read, or
// as soon as a streamed body passes the cap. The unverified bytes held by all requests at once
// are bounded too: a request that would exceed the budget gets 503 with Retry-After (GitHub
// redelivers), so concurrent forged posts cannot grow memory without bound.
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { describeJunkWebhook } from "./describe-junk-webhook.js";

/** GitHub's documented cap on a webhook payload. */
export const GITHUB_MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;
export const DEFAULT_WEBHOOK_BUDGET_BYTES = 64 * 1024 * 1024;
/** How long, and how many more bytes, a refused streaming body is read and dropped before its connection closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

export interface WebhookBodyLimiter {
  middleware: RequestHandler;
  /** Unverified webhook bytes held right now, and the most ever held at once. */
  inFlightBytes(): number;
  peakInFlightBytes(): number;
}

export function createWebhookBodyLimiter(options: {
  path: string;
  log: Logger;
  maxBodyBytes?: number;
  budgetBytes?: number;
}): WebhookBodyLimiter {
  const maxBodyBytes = options.maxBodyBytes ?? GITHUB_MAX_WEBHOOK_BYTES;
  const budgetBytes = Math.max(options.budgetBytes ?? DEFAULT_WEBHOOK_BUDGET_BYTES, maxBodyBytes);
  let inFlight = 0;
  let peak = 0;
  const take = (bytes: number): boolean => {
    if (inFlight + bytes > budgetBytes) return false;
    inFlight += bytes;
    peak = Math.max(peak, inFlight);
    return true;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "POST" || req.path !== options.path) return next();
    const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    if (declared !== undefined && declared > maxBodyBytes) return refuse(res, 413, `The webhook body exceeds ${maxBodyBytes} bytes.`);

    // What this request holds of the budget; given back once, when the response is over.
    let held = 0;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= held;
    };
    res.once("close", release);
    if (declared !== undefined) {
      if (!take(declared)) return busy(res);
      held = declared;
    }

    const chunks: Buffer[] = [];
    let received = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      req.off("data", onData);
      chunks.length = 0;
      lingerThenClose(req);
    };
    const onData = (chunk: Buffer) => {
      if (stopped) return;
      received += chunk.length;
      if (received > maxBodyBytes) {
        stop();
        return refuse(res, 413, `The webhook body exceeds ${maxBodyBytes} bytes.`, undefined, "linger");
      }
      if (received > held) {
        // A chunked body without a declared length reserves as it arrives.
        if (!take(received - held)) {
          stop();
          return busy(res, "linger");
        }
        held = received;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", () => {
      stopped = true;
      release();
    });
    req.once("end", () => {
      if (stopped) return;
      const rawBody = Buffer.concat(chunks, received);
      chunks.length = 0;
      const junk = describeJunkWebhook(req.get("x-github-event"), rawBody);
      if (junk) {
        options.log.warn({ delivery: req.get("x-github-delivery"), event: String(req.get("x-github-event")).slice(0, 64), reason: junk }, "webhook refused: not a usable GitHub event");
        return refuse(res, 400, `Not a usable GitHub webhook: ${junk}.`, "invalid_request");
      }
      // What @octokit/webhooks' node middleware reads instead of the stream (see its getPayload).
      Object.assign(req as IncomingMessage, { rawBody, body: {} });
      next();
    });
  };

  return { middleware, inFlightBytes: () => inFlight, peakInFlightBytes: () => peak };
}

/**
 * Answers a refused request. Its unread body: by default the connection closes after the answer, so it is not read;
 * "linger" (a body already streaming in) leaves closing to lingerThenClose().
 */
function refuse(res: Response, status: number, message: string, code = status === 413 ? "payload_too_large" : "service_unavailable", unread: "close" | "linger" = "close"): void {
  if (res.headersSent) return;
  if (status !== 400 && unread === "close") res.setHeader("Connection", "close");
  res.status(status).json({ error: { code, message } });
}

function busy(res: Response, unread: "close" | "linger" = "close"): void {
  res.setHeader("Retry-After", "5");
  refuse(res, 503, "Too many webhook bytes are being received at once; retry shortly.", undefined, unread);
}

/**
 * A body refused while it streams in is read and dropped for a moment before the connection closes (a lingering
 * close, as web servers do): closing a socket with unread data resets it, and the reset can reach the client before
 * the answer does. Bounded by LINGER_MS and LINGER_BYTES; nothing is kept.
 */
function lingerThenClose(req: Request): void {
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  req.once("end", close);
  req.resume();
}

