// `clearance` as a process: reads the environment once, runs one command, sets the exit code.
import { existsSync, readFileSync } from "node:fs";
import { readEnvOptions, type AppOptions } from "../config/read-env-options.js";
import { databaseLocation } from "../server/start-server.js";
import { openDatabase } from "../storage/open-database.js";
import { isInformational, runCli } from "./run-cli.js";

const argv = process.argv.slice(2);
let options: AppOptions;
try {
  // Like Probot, read a .env file when there is one (the manifest set-up flow writes it).
  if (existsSync(".env")) process.loadEnvFile(".env");
  // Help and --version work whatever the environment says.
  options = isInformational(argv) ? readEnvOptions({}) : readEnvOptions();
} catch (error) {
  // The environment is wrong, not the command line: one line naming the variable, exit code 1.
  process.stderr.write(`clearance: ${(error as Error).message}\n`);
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

try {
  process.exitCode = await runCli(
    argv,
    {
      options,
      openDatabase: () => openDatabase(databaseLocation(options)),
      out: (line) => process.stdout.write(`${line}\n`),
      now: () => new Date(),
      version,
    },
    (line) => process.stderr.write(`${line}\n`),
  );
} catch (error) {
  // A stack trace helps a developer, not an operator: shown only at LOG_LEVEL debug or trace.
  const detail = options.logLevel === "debug" || options.logLevel === "trace" ? ((error as Error).stack ?? String(error)) : `${(error as Error).message ?? String(error)} (LOG_LEVEL=debug shows the details)`;
  process.stderr.write(`clearance: unexpected error: ${detail}\n`);
  process.exitCode = 1;
}
// A start that failed half-way may leave handles open (Probot's set-up flow, a socket): a failed
// command ends here rather than hang. A successful `serve` keeps running on its server.
if (process.exitCode) process.exit();
