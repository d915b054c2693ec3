import type { AppOptions } from "../config/read-env-options.js";
import type { Database } from "../storage/open-database.js";

export interface CliContext {
  options: AppOptions;
  /** Opens the configured database (migrated). Commands that need none never call it. */
  openDatabase(): Promise<Database>;
  out(line: string): void;
  now(): Date;
  /** The package's version, for --version. */
  version?: string;
}

export interface CliCommand {
  /** Words that select the command, e.g. ["key", "create"]. */
  path: string[];
  usage: string;
  summary: string;
  run(args: string[], context: CliContext): Promise<void>;
}

/** Bad input from the operator: printed as it is, exit code 2. */
export class UsageError extends Error {}
