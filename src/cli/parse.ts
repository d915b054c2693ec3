import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./types.js";

/** node:util parseArgs, with its errors turned into usage errors the operator can act on. */
export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument${positionals === 1 ? "" : "s"}, got ${parsed.positionals.length}`);
  }
  return parsed;
}
