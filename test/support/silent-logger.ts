import { pino } from "pino";

/** A real pino logger whose output tests can inspect. */
export function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}
