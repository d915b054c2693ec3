// The one place that reads the environment. Everything else receives typed options.
import { parseMarketplacePlanMap, type MarketplacePlanMap } from "../billing/marketplace.js";
import type { EmailSignInOptions } from "../console/sign-in/create-sign-in-methods-router.js";
import type { MagicLinkDelivery } from "../console/sign-in/email-sign-in.js";
import type { OidcOptions } from "../console/sign-in/oidc-sign-in.js";
import type { ModelEndpoint } from "../engine/types.js";

export interface AppOptions {
  port: number;
  host?: string;
  logLevel: string;
  /** "pretty" on a terminal and "json" otherwise, unless LOG_FORMAT says. */
  logFormat?: "json" | "pretty";
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
    /** A smee.io channel that forwards GitHub's webhooks to this server in development. */
    webhookProxyUrl?: string;
  };
  /** The server's public URL (e.g. https://clearance.example.com), for the App's webhook URL. */
  baseUrl?: string;
  /** Off (the default) for a self-hosted install: reviews are unlimited and nothing is billed. */
  billing?: boolean;
  /** GitHub Marketplace listing plans (by id or name) → our plans; see README "Plans and usage". */
  marketplacePlans?: MarketplacePlanMap;
  rateLimit: { perKeyPerMinute: number; perIpPerMinute: number };
  /** The web console: GitHub sign-in with the App's OAuth credentials (both or neither). */
  console?: { clientId?: string; clientSecret?: string; signInPerMinute: number };
  /** Console sign-in besides GitHub: an OpenID Connect provider, e-mail magic links (each when set up). */
  signInMethods?: SignInMethodsEnvOptions;
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
  /** Worker threads analysing large pull requests (0: none); unset: min(available cores, 4). */
  analyzerThreads?: number;
}

export interface SignInMethodsEnvOptions {
  /** Where the console is reached (BASE_URL; in development http://localhost:PORT), for redirect URIs and mailed links. */
  publicUrl?: string;
  oidc?: OidcOptions;
  email?: EmailSignInOptions;
}

export class ConfigError extends Error {}

/** pino's levels, as Probot documents LOG_LEVEL. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

export function readEnvOptions(env: NodeJS.ProcessEnv = process.env): AppOptions {
  return {
    port: portNumber(env, "PORT", 3000),
    host: env.HOST || undefined,
    logLevel: logLevel(env),
    logFormat: logFormat(env),
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
      webhookProxyUrl: optionalUrl(env, "WEBHOOK_PROXY_URL"),
    },
    baseUrl: optionalUrl(env, "BASE_URL")?.replace(/\/+$/, ""),
    billing: onOff(env, "BILLING", false),
    marketplacePlans: marketplacePlans(env),
    rateLimit: {
      perKeyPerMinute: positiveInt(env, "RATE_LIMIT_PER_KEY_PER_MINUTE", 60),
      perIpPerMinute: positiveInt(env, "RATE_LIMIT_PER_IP_PER_MINUTE", 120),
    },
    console: consoleOptions(env),
    signInMethods: signInMethodsOptions(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    v1Deprecation: optionalDate(env, "V1_DEPRECATION"),
    v1Sunset: optionalDate(env, "V1_SUNSET"),
    model: modelEndpoint(env, ""),
    euModel: modelEndpoint(env, "EU_"),
    redisUrl: env.REDIS_URL || undefined,
    reviewConcurrency: positiveInt(env, "REVIEW_CONCURRENCY", 2),
    shutdownGraceMs: positiveInt(env, "SHUTDOWN_GRACE_MS", 25_000),
    analyzerThreads: optionalCount(env, "ANALYZER_THREADS"),
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

function signInMethodsOptions(env: NodeJS.ProcessEnv): SignInMethodsEnvOptions {
  const development = env.NODE_ENV === "development";
  const baseUrl = optionalUrl(env, "BASE_URL")?.replace(/\/+$/, "");
  const publicUrl = baseUrl ?? (development ? `http://localhost:${portNumber(env, "PORT", 3000)}` : undefined);

  let oidc: OidcOptions | undefined;
  const issuer = env.OIDC_ISSUER || undefined;
  const clientId = env.OIDC_CLIENT_ID || undefined;
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined;
  if (issuer) {
    if (!clientId || !clientSecret) throw new ConfigError("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (the client registered at the identity provider)");
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new ConfigError(`OIDC_ISSUER must be the identity provider's issuer URL, such as https://login.example.com, got "${issuer}"`);
    }
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) throw new ConfigError(`OIDC_ISSUER must be an https URL (http only on localhost), got "${issuer}"`);
    if (!publicUrl) throw new ConfigError("OIDC_ISSUER needs BASE_URL: the redirect URI registered at the provider is BASE_URL + /auth/oidc/callback");
    oidc = { issuer: issuer.replace(/\/+$/, ""), clientId, clientSecret, name: (env.OIDC_NAME || "your identity provider").slice(0, 60) };
  } else if (clientId || clientSecret) {
    throw new ConfigError("OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are used only with OIDC_ISSUER, which is not set");
  }

  let delivery: MagicLinkDelivery | undefined;
  const smtpUrl = env.SMTP_URL || undefined;
  const from = env.MAIL_FROM || undefined;
  if (smtpUrl) {
    if (!/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new ConfigError("SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465");
    if (!from) throw new ConfigError("SMTP_URL needs MAIL_FROM, the sender of sign-in mails (such as Clearance <clearance@example.com>)");
    if (!publicUrl) throw new ConfigError("SMTP_URL needs BASE_URL: the links in sign-in mails point to BASE_URL");
    delivery = { kind: "smtp", smtpUrl, from };
  } else if (from) {
    throw new ConfigError("MAIL_FROM is used only with SMTP_URL, which is not set");
  } else if (development) {
    delivery = { kind: "log" }; // development only: the link goes to the log
  }
  const email = delivery
    ? { delivery, perAddressPerHour: positiveInt(env, "EMAIL_SIGN_IN_PER_ADDRESS_PER_HOUR", 5), perIpPerHour: positiveInt(env, "EMAIL_SIGN_IN_PER_IP_PER_HOUR", 20) }
    : undefined;
  return { publicUrl, oidc, email };
}

function portNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535) throw new ConfigError(`${name} must be a port number from 1 to 65535 (or 0 for any free port), got "${raw}"`);
  return value;
}

function logLevel(env: NodeJS.ProcessEnv): string {
  const raw = env.LOG_LEVEL;
  if (!raw) return "info";
  const level = raw.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"`);
  return level;
}

function marketplacePlans(env: NodeJS.ProcessEnv): MarketplacePlanMap {
  try {
    return parseMarketplacePlanMap(env.MARKETPLACE_PLANS);
  } catch (error) {
    throw new ConfigError(`MARKETPLACE_PLANS: ${(error as Error).message}`);
  }
}

function logFormat(env: NodeJS.ProcessEnv): "json" | "pretty" | undefined {
  const raw = env.LOG_FORMAT;
  if (!raw) return undefined;
  if (raw === "json" || raw === "pretty") return raw;
  throw new ConfigError(`LOG_FORMAT must be json or pretty (unset: pretty on a terminal, json otherwise), got "${raw}"`);
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = raw.toLowerCase();
  if (["on", "true", "1", "yes"].includes(value)) return true;
  if (["off", "false", "0", "no"].includes(value)) return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as https://clearance.example.com, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`${name} must be an http(s) URL such as https://clearance.example.com, got "${raw}"`);
  return raw;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** A whole number >= 0, or undefined when unset. */
function optionalCount(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number (0 or more), got "${raw}"`);
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
