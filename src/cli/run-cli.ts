// Dispatches `clearance <command…>`. Returns the exit code: 0 done, 1 refused by a rule, 2 bad usage.
import { ConfigError } from "../config/read-env-options.js";
import { DomainError } from "../domain/errors.js";
import { StartupError } from "../server/explain-startup-error.js";
import { EmbeddedDatabaseInUseError } from "../storage/open-database.js";
import { commands } from "./commands/index.js";
import { UsageError, type CliCommand, type CliContext } from "./types.js";

const HELP = ["help", "--help", "-h"];

/** The words that need no environment and no database: help and the version. */
export function isInformational(argv: string[]): boolean {
  return argv.length === 0 || HELP.includes(argv[0]!) || argv[0] === "--version" || argv.some((a) => a === "--help" || a === "-h");
}

export async function runCli(argv: string[], context: CliContext, err: (line: string) => void): Promise<number> {
  if (argv[0] === "--version" || argv[0] === "-v") {
    context.out(`clearance ${context.version ?? "unknown"}`);
    return 0;
  }
  if (argv.length === 0) {
    err(helpText());
    return 2;
  }
  if (HELP.includes(argv[0]!)) {
    context.out(helpText());
    return 0;
  }
  const command = findCommand(argv);
  if (!command) {
    err(`clearance: unknown command "${argv.join(" ")}"\n`);
    err(helpText());
    return 2;
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    context.out(`usage: ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  try {
    await command.run(argv.slice(command.path.length), context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`clearance: ${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (error instanceof DomainError && error.code === "invalid_installation_id") {
      err(`clearance: ${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (error instanceof DomainError || error instanceof EmbeddedDatabaseInUseError || error instanceof ConfigError || error instanceof StartupError) {
      err(`clearance: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function findCommand(argv: string[]): CliCommand | undefined {
  return commands
    .filter((c) => c.path.every((word, i) => argv[i] === word))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.usage.length > 60 ? 0 : c.usage.length));
  return ["usage: clearance <command> [--help]", "       clearance --version", "", ...commands.map((c) => `  ${c.usage.length > 60 ? `${c.usage}\n  ${"".padEnd(width)}` : c.usage.padEnd(width)}  ${c.summary}`)].join("\n");
}
