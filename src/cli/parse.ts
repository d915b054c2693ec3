import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./types.js";

/** node:util parseArgs, with its errors turned into usage errors the operator can act on. */
export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args: attachDashValues(args, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument${positionals === 1 ? "" : "s"}, got ${parsed.positionals.length}`);
  }
  return parsed;
}

/**
 * parseArgs refuses `--expires-in -5` as ambiguous (the value looks like an option); joined as
 * `--expires-in=-5` it reaches the command, which can say what a valid value is.
 */
function attachDashValues(args: string[], options: NonNullable<ParseArgsConfig["options"]>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    if (name && options[name]?.type === "string" && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}
