// Request caps per client IP and per API key. Kept in memory per instance, or in Redis when
// REDIS_URL is set so that every instance counts against one quota. If Redis cannot be reached
// the API keeps answering: each instance falls back to its own in-memory counts (the insurance
// limiter), logs it, and /readyz reports "degraded" (still 200: serving beats refusing).
// Headers follow the IETF RateLimit fields draft: RateLimit-Policy and RateLimit.
import type { Request, RequestHandler, Response } from "express";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
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
  /**
   * A further limiter kept in the same store (the console's sign-in limits use it): shared through
   * Redis with the same in-memory insurance when REDIS_URL is set, per instance otherwise.
   */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  /** Where counts are kept, for /readyz: "memory", "redis", or "degraded" (Redis unreachable, memory in use). */
  store?: () => "memory" | "redis" | "degraded";
  close?: () => Promise<void>;
}

export interface RateLimitOptions {
  perIpPerMinute: number;
  perKeyPerMinute: number;
}

/** In-memory limits, per instance. */
export function createRateLimits(options: RateLimitOptions): RateLimits {
  const limiter = (name: string, points: number, duration: number) => new RateLimiterMemory({ points, duration, keyPrefix: `clearance-rl-${name}` });
  const make = (name: "ip" | "key", points: number): RateLimitPolicy => ({ name, limiter: limiter(name, points, 60), quota: points, windowSeconds: 60 });
  return { ip: make("ip", options.perIpPerMinute), key: make("key", options.perKeyPerMinute), limiter, store: () => "memory" };
}

/**
 * Limits shared by all instances through Redis at `redisUrl`. `keyPrefix` separates deployments
 * (and test runs) sharing one Redis.
 */
export function createRedisRateLimits(options: RateLimitOptions & { redisUrl: string; log: Logger; keyPrefix?: string }): RateLimits {
  const { log } = options;
  // No offline queue: while Redis is away a command fails at once (and the insurance limiter
  // answers) instead of waiting for a reconnect with the request hanging.
  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
  let lastLogged = 0;
  redis.on("error", (error: Error) => {
    // ioredis retries forever; one line a minute is enough to say so.
    if (Date.now() - lastLogged > 60_000) {
      lastLogged = Date.now();
      log.error({ err: error }, "Redis for rate limits is unreachable; counting per instance in memory until it is back");
    }
  });
  redis.on("ready", () => {
    if (lastLogged) log.info("Redis for rate limits is reachable again; counts are shared");
    lastLogged = 0;
  });
  const prefix = options.keyPrefix ?? "clearance";
  const limiter = (name: string, points: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix: `${prefix}:rl:${name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix: `${prefix}-insurance-${name}` }),
    });
  const make = (name: "ip" | "key", points: number): RateLimitPolicy => ({ name, limiter: limiter(name, points, 60), quota: points, windowSeconds: 60 });
  return {
    ip: make("ip", options.perIpPerMinute),
    key: make("key", options.perKeyPerMinute),
    limiter,
    store: () => (redis.status === "ready" ? "redis" : "degraded"),
    close: async () => {
      redis.disconnect();
    },
  };
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
