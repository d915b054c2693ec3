// `clearance` as a process: reads the environment once, runs one command, sets the exit code.
import { existsSync } from "node:fs";
import { readEnvOptions, type AppOptions } from "../config/read-env-options.js";
import { databaseLocation } from "../server/start-server.js";
import { openDatabase } from "../storage/open-database.js";
import { runCli } from "./run-cli.js";

let options: AppOptions;
try {
  // Like Probot, read a .env file when there is one (the manifest set-up flow writes it).
  if (existsSync(".env")) process.loadEnvFile(".env");
  options = readEnvOptions();
} catch (error) {
  process.stderr.write(`clearance: ${(error as Error).message}\n`);
  process.exit(2);
}

try {
  process.exitCode = await runCli(
    process.argv.slice(2),
    {
      options,
      openDatabase: () => openDatabase(databaseLocation(options)),
      out: (line) => process.stdout.write(`${line}\n`),
      now: () => new Date(),
    },
    (line) => process.stderr.write(`${line}\n`),
  );
} catch (error) {
  process.stderr.write(`clearance: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
}
