// The GitHub side of Clearance: webhook handlers and the review queue (issue 3 fills this in).
import type { ApplicationFunction, Probot } from "probot";
import type { Logger } from "pino";
import type { AppOptions } from "../config/read-env-options.js";
import type { Database } from "../storage/open-database.js";

export interface GitHubDependencies {
  db: Database;
  log: Logger;
  options: AppOptions;
  now?: () => Date;
}

export interface GitHubSide {
  appFn: ApplicationFunction;
  /** Starts background work (the review queue) once Probot exists. */
  start(probot: Probot): void;
  stop(): Promise<void>;
}

export function createGitHubSide(_deps: GitHubDependencies): GitHubSide {
  return { appFn: () => {}, start() {}, async stop() {} };
}
