// The one place that reads the environment. Everything else receives typed options.
import type { ModelEndpoint } from "../engine/types.js";

export interface AppOptions {
  port: number;
  host?: string;
  logLevel: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Probot/GitHub App settings, passed to Probot as its own env (it reads them as it documents). */
  github: {
    appId?: string;
    privateKey?: string;
    privateKeyPath?: string;
    webhookSecret?: string;
    webhookPath: string;
    gheHost?: string;
    gheProtocol?: string;
  };
  rateLimit: { perKeyPerMinute: number; perIpPerMinute: number };
  /** The web console: GitHub sign-in with the App's OAuth credentials (both or neither). */
  console?: { clientId?: string; clientSecret?: string; signInPerMinute: number };
  /** Express "trust proxy" setting, so client IPs behind a load balancer are right. */
  trustProxy: boolean | number | string;
  v1Deprecation?: Date;
  v1Sunset?: Date;
  model?: ModelEndpoint;
  euModel?: ModelEndpoint;
  /** Redis shared by all instances (Probot's throttling, so instances pace one installation together). */
  redisUrl: string | undefined;
  /** Review jobs one instance runs at once (at most one per installation). */
  reviewConcurrency: number;
  /** How long a running review may finish after SIGTERM before its lease is handed back. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

export function readEnvOptions(env: NodeJS.ProcessEnv = process.env): AppOptions {
  return {
    port: positiveInt(env, "PORT", 3000),
    host: env.HOST || undefined,
    logLevel: env.LOG_LEVEL || "info",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || "./data",
    github: {
      appId: env.APP_ID || undefined,
      privateKey: env.PRIVATE_KEY || undefined,
      privateKeyPath: env.PRIVATE_KEY_PATH || undefined,
      webhookSecret: env.WEBHOOK_SECRET || undefined,
      webhookPath: env.WEBHOOK_PATH || "/api/github/webhooks",
      gheHost: env.GHE_HOST || undefined,
      gheProtocol: env.GHE_PROTOCOL || undefined,
    },
    rateLimit: {
      perKeyPerMinute: positiveInt(env, "RATE_LIMIT_PER_KEY_PER_MINUTE", 60),
      perIpPerMinute: positiveInt(env, "RATE_LIMIT_PER_IP_PER_MINUTE", 120),
    },
    console: consoleOptions(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    v1Deprecation: optionalDate(env, "V1_DEPRECATION"),
    v1Sunset: optionalDate(env, "V1_SUNSET"),
    model: modelEndpoint(env, ""),
    euModel: modelEndpoint(env, "EU_"),
    redisUrl: env.REDIS_URL || undefined,
    reviewConcurrency: positiveInt(env, "REVIEW_CONCURRENCY", 2),
    shutdownGraceMs: positiveInt(env, "SHUTDOWN_GRACE_MS", 25_000),
  };
}

function consoleOptions(env: NodeJS.ProcessEnv): NonNullable<AppOptions["console"]> {
  const clientId = env.GITHUB_CLIENT_ID || undefined;
  const clientSecret = env.GITHUB_CLIENT_SECRET || undefined;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError(`GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set together (the App's OAuth credentials); only ${clientId ? "GITHUB_CLIENT_ID" : "GITHUB_CLIENT_SECRET"} is set`);
  }
  return { clientId, clientSecret, signInPerMinute: positiveInt(env, "CONSOLE_SIGN_IN_PER_IP_PER_MINUTE", 10) };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function optionalDate(env: NodeJS.ProcessEnv, name: string): Date | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw new ConfigError(`${name} must be a date such as 2027-06-30 or 2027-06-30T00:00:00Z, got "${raw}"`);
  return date;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (!raw || raw === "false") return false;
  if (raw === "true") return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // a subnet list such as "loopback, 10.0.0.0/8", as Express accepts it
}

function modelEndpoint(env: NodeJS.ProcessEnv, prefix: string): ModelEndpoint | undefined {
  const baseUrl = env[`${prefix}MODEL_BASE_URL`];
  if (!baseUrl) return undefined;
  const model = env[`${prefix}MODEL_NAME`];
  if (!model) throw new ConfigError(`${prefix}MODEL_NAME is required when ${prefix}MODEL_BASE_URL is set`);
  return { baseUrl, apiKey: env[`${prefix}MODEL_API_KEY`] || undefined, model };
}
