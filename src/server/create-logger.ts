// The service's logger: easy to read on a terminal (pino-pretty), one JSON object a line
// otherwise, for log collectors. The root logger carries no `name`, so a child's `name`
// (probot, review-queue) is the only one on its lines instead of a second key of the same name.
import { pino, type Logger } from "pino";
import type { AppOptions } from "../config/read-env-options.js";

export function createLogger(options: Pick<AppOptions, "logLevel" | "logFormat">, stdoutIsTerminal = Boolean(process.stdout.isTTY)): Logger {
  const pretty = options.logFormat === "pretty" || (options.logFormat !== "json" && stdoutIsTerminal);
  if (!pretty) return pino({ level: options.logLevel });
  return pino({
    level: options.logLevel,
    transport: { target: "pino-pretty", options: { colorize: stdoutIsTerminal, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } },
  });
}
