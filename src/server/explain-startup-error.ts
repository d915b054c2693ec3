// Turns the failures an operator can fix at start (the database missing or unreachable, the port
// taken) into one line that names the variable and what to do, instead of a stack trace.
import type { AppOptions } from "../config/read-env-options.js";

/** A start-up failure the operator can fix; its message is the whole explanation. */
export class StartupError extends Error {}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET"]);

export function explainDatabaseError(error: unknown, options: AppOptions): StartupError | undefined {
  if (!options.databaseUrl) return undefined;
  const url = safeUrl(options.databaseUrl);
  if (!url) return new StartupError(`DATABASE_URL is not a PostgreSQL URL such as postgresql://user:password@host:5432/clearance.`);
  const where = `${url.hostname}:${url.port || 5432}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || "postgres";
  const user = decodeURIComponent(url.username) || "the current user";
  const code = errorCode(error);
  const timedOut = error instanceof Error && /timeout/i.test(error.message);
  if (code === "3D000") {
    const flags = [`-h ${url.hostname}`, url.port ? `-p ${url.port}` : "", url.username ? `-U ${decodeURIComponent(url.username)}` : ""].filter(Boolean).join(" ");
    return new StartupError(`DATABASE_URL names the database "${database}", which does not exist on ${where}: create it with \`createdb ${flags} ${database}\` (or CREATE DATABASE "${database}"; in psql), then start again.`);
  }
  if (code === "28P01" || code === "28000") return new StartupError(`DATABASE_URL: PostgreSQL at ${where} refused ${user} (${(error as Error).message}): fix the user and password in DATABASE_URL.`);
  if ((code && CONNECTION_CODES.has(code)) || timedOut) {
    return new StartupError(`DATABASE_URL: cannot reach PostgreSQL at ${where} (${code ?? "timed out"}): start PostgreSQL there, or correct the host and port in DATABASE_URL.`);
  }
  return undefined;
}

export function explainListenError(error: unknown, options: AppOptions): StartupError | undefined {
  const code = errorCode(error);
  const where = `${options.host ?? "0.0.0.0"}:${options.port}`;
  if (code === "EADDRINUSE") return new StartupError(`PORT ${options.port} is already in use on ${where}: stop the other process, or set PORT to a free port.`);
  if (code === "EACCES") return new StartupError(`PORT ${options.port} needs privileges this process lacks: set PORT to 1024 or higher.`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return new StartupError(`HOST ${options.host} is not an address of this machine: set HOST to one of its addresses, or leave it unset for all of them.`);
  return undefined;
}

function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown[]; cause?: unknown };
  if (typeof code === "string") return code;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  for (const inner of errors ?? []) {
    const found = errorCode(inner);
    if (found) return found;
  }
  return cause ? errorCode(cause) : undefined;
}

function safeUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "postgres:" || url.protocol === "postgresql:" ? url : undefined;
  } catch {
    return undefined;
  }
}
