// Request caps per client IP and per API key. The store is swappable: a policy takes any
// rate-limiter-flexible limiter (memory here; Redis or PostgreSQL to share counts between instances).
// Headers follow the IETF RateLimit fields draft: RateLimit-Policy and RateLimit.
import type { Request, RequestHandler, Response } from "express";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Logger } from "pino";
import { ApiError } from "./errors.js";

export interface RateLimitPolicy {
  name: "ip" | "key";
  limiter: RateLimiterAbstract;
  quota: number;
  windowSeconds: number;
}

export interface RateLimits {
  ip: RateLimitPolicy;
  key: RateLimitPolicy;
}

/** In-memory limits, per instance. */
export function createRateLimits(options: { perIpPerMinute: number; perKeyPerMinute: number }): RateLimits {
  const make = (name: "ip" | "key", points: number): RateLimitPolicy => ({
    name,
    limiter: new RateLimiterMemory({ points, duration: 60, keyPrefix: `clearance-rl-${name}` }),
    quota: points,
    windowSeconds: 60,
  });
  return { ip: make("ip", options.perIpPerMinute), key: make("key", options.perKeyPerMinute) };
}

/** Consumes one request of `policy` for the key `subject(req)`; answers 429 when the quota is spent. */
export function rateLimit(policy: RateLimitPolicy, subject: (req: Request) => string | undefined, log: Logger): RequestHandler {
  return async (req, res, next) => {
    const id = subject(req);
    if (!id) return next();
    try {
      const result = await policy.limiter.consume(id);
      addHeaders(res, policy, result);
      next();
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        addHeaders(res, policy, rejection);
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        return next(new ApiError(429, "rate_limited", `Too many requests; retry after ${retryAfter} seconds.`, { headers: { "Retry-After": String(retryAfter) } }));
      }
      // The store failed: serving beats refusing, and the failure is logged.
      log.error({ err: rejection, policy: policy.name }, "rate limit store failed; request allowed");
      next();
    }
  };
}

function addHeaders(res: Response, policy: RateLimitPolicy, result: RateLimiterRes): void {
  const policyField = `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;
  const remaining = Math.max(0, result.remainingPoints);
  const reset = Math.max(0, Math.ceil(result.msBeforeNext / 1000));
  appendField(res, "RateLimit-Policy", policyField);
  appendField(res, "RateLimit", `"${policy.name}";r=${remaining};t=${reset}`);
}

function appendField(res: Response, name: string, item: string): void {
  const existing = res.getHeader(name);
  res.setHeader(name, existing ? `${String(existing)}, ${item}` : item);
}
