// The GitHub App identity the stand-in GitHub and the benchmarks share: a throwaway RSA key, the
// webhook secret, options and a Probot with retries and throttling off. Test-framework free, so
// `npm run bench:*` runs from a fresh clone (test/github/support/harness.ts uses the same values).
import { generateKeyPairSync } from "node:crypto";
import { pino } from "pino";
import { Probot, ProbotOctokit } from "probot";
import type { AppOptions } from "../../../src/config/read-env-options.js";

export const WEBHOOK_SECRET = "test-webhook-secret";

let key: string | undefined;
export function testPrivateKey(): string {
  key ??= generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } }).privateKey;
  return key;
}

export function testOptions(): AppOptions {
  return {
    port: 0,
    logLevel: "silent",
    dataDir: "./data",
    github: { appId: "1", privateKey: testPrivateKey(), webhookSecret: WEBHOOK_SECRET, webhookPath: "/api/github/webhooks" },
    rateLimit: { perKeyPerMinute: 60, perIpPerMinute: 120 },
    trustProxy: false,
    redisUrl: undefined,
    reviewConcurrency: 2,
    shutdownGraceMs: 25_000,
  };
}

export function testProbot(): Probot {
  return new Probot({
    appId: 1,
    privateKey: testPrivateKey(),
    secret: WEBHOOK_SECRET,
    log: pino({ level: "silent" }),
    Octokit: ProbotOctokit.defaults((o: Record<string, unknown>) => ({ ...o, retry: { enabled: false }, throttle: { enabled: false } })),
  });
}
