// Runs operator commands in-process, against a test database, with a controllable clock.
import { readEnvOptions } from "../../src/config/read-env-options.js";
import { runCli } from "../../src/cli/run-cli.js";
import type { Database } from "../../src/storage/open-database.js";

export interface CliRun {
  code: number;
  stdout: string[];
  stderr: string;
}

export function cliRunner(db: Database, clock: { now: Date } = { now: new Date("2026-11-22T10:00:00Z") }, env: Record<string, string> = {}) {
  return async (...argv: string[]): Promise<CliRun> => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    // The command closes the database when done; the shared test database stays open.
    const borrowed: Database = { ...db, close: async () => {} };
    const code = await runCli(
      argv,
      { options: readEnvOptions(env), openDatabase: async () => borrowed, out: (line) => stdout.push(line), now: () => clock.now },
      (line) => stderr.push(line),
    );
    return { code, stdout, stderr: stderr.join("\n") };
  };
}
