// Dispatches `clearance <command…>`. Returns the exit code: 0 done, 1 refused by a rule, 2 bad usage.
import { ConfigError } from "../config/read-env-options.js";
import { DomainError } from "../domain/errors.js";
import { EmbeddedDatabaseInUseError } from "../storage/open-database.js";
import { commands } from "./commands/index.js";
import { UsageError, type CliCommand, type CliContext } from "./types.js";

export async function runCli(argv: string[], context: CliContext, err: (line: string) => void): Promise<number> {
  const command = findCommand(argv);
  if (!command) {
    if (argv.length > 0 && !["help", "--help", "-h"].includes(argv[0]!)) err(`clearance: unknown command "${argv.join(" ")}"\n`);
    err(helpText());
    return argv.length === 0 || ["help", "--help", "-h"].includes(argv[0]!) ? 0 : 2;
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
    if (error instanceof DomainError || error instanceof EmbeddedDatabaseInUseError || error instanceof ConfigError) {
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
  return ["usage: clearance <command>", "", ...commands.map((c) => `  ${c.usage.length > 60 ? `${c.usage}\n  ${"".padEnd(width)}` : c.usage.padEnd(width)}  ${c.summary}`)].join("\n");
}
