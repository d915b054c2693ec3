// Drives the real Probot app of Clearance: installation auth with a test key, GitHub faked with
// nock (FakeGitHub), the real database, and the queue drained on demand (no sleeps).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect } from "@jest/globals";
import nock from "nock";
import { pino } from "pino";
import type { Probot } from "probot";
import type { AdmitReview } from "../../../src/billing/types.js";
import type { AppOptions } from "../../../src/config/read-env-options.js";
import type { ReviewFunction } from "../../../src/engine/types.js";
import { createGitHubSide, type GitHubSide } from "../../../src/github/index.js";
import type { WorkerOptions } from "../../../src/github/queue/review-worker.js";
import type { Database } from "../../../src/storage/open-database.js";
import { createTestDatabase } from "../../support/database.js";
import { FakeGitHub } from "./fake-github.js";
import { INSTALLATION_ID, REPO } from "./payloads.js";

// The App's test identity and options are shared with the benches (bench/support/github/stand-in-app.ts).
export { testOptions, testPrivateKey, testProbot, WEBHOOK_SECRET } from "../../../bench/support/github/stand-in-app.js";
import { testOptions, testProbot } from "../../../bench/support/github/stand-in-app.js";

export interface HarnessOptions {
  db?: Database;
  review?: ReviewFunction;
  admitReview?: AdmitReview;
  now?: () => Date;
  leaseMs?: number;
  /** The review worker's options (concurrency, lease, grace...). */
  worker?: WorkerOptions;
  options?: Partial<AppOptions>;
}

export interface Harness {
  db: Database;
  github: FakeGitHub;
  probot: Probot;
  side: GitHubSide;
  receive(name: string, payload: unknown, id?: string): Promise<string>;
  drain(): Promise<number>;
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  nock.disableNetConnect();
  const db = options.db ?? (await createTestDatabase());
  const github = new FakeGitHub().start();
  github.addRepo(REPO);
  const side = createGitHubSide({
    db,
    log: pino({ level: "silent" }),
    options: { ...testOptions(), ...options.options },
    review: options.review,
    admitReview: options.admitReview ?? (async () => ({ admitted: true, kind: "public", plan: "free", period: "2026-11" })),
    now: options.now,
    worker: { leaseMs: options.leaseMs, ...options.worker },
  });
  const probot = testProbot();
  await probot.load(side.appFn);
  return {
    db,
    github,
    probot,
    side,
    async receive(name, payload, id = randomUUID()) {
      await probot.receive({ id, name, payload } as Parameters<Probot["receive"]>[0]);
      return id;
    },
    drain: () => side.queue.drain(),
    async close({ keepDatabase = false } = {}) {
      await side.stop();
      github.stop();
      if (!keepDatabase) await db.close();
    },
  };
}

export { INSTALLATION_ID, REPO };

/** Records and claims the test installation, with the configuration fields given. */
export async function claimOrganisation(
  db: Database,
  configuration: { frameworks?: string[]; eu_inference?: boolean; review_language?: string } = {},
  installationId = INSTALLATION_ID,
) {
  const { claimInstallation, recordInstallation } = await import("../../../src/domain/installations.js");
  await recordInstallation(db.prisma, { id: BigInt(installationId), accountLogin: "Codertocat" });
  const organisation = await claimInstallation(db.prisma, BigInt(installationId));
  await db.prisma.configuration.update({
    where: { organisationId: organisation.id },
    data: {
      frameworks: configuration.frameworks ?? ["GDPR", "ISO_27001"],
      euInference: configuration.eu_inference ?? false,
      reviewLanguage: configuration.review_language ?? "en",
    },
  });
  return organisation;
}

/** Empties every table a review touches, so one database serves a whole test file. */
export async function resetDatabase(db: Database) {
  await db.sql.exec(
    "TRUNCATE installations, review_jobs, pull_request_states, review_runs, webhook_deliveries RESTART IDENTITY CASCADE",
  );
}

/**
 * One database per test file, emptied between tests (dropping a PostgreSQL database per test is
 * slow). Returns the harness factory for the file's tests; each test's harness is checked against
 * GitHub's OpenAPI description and closed after it.
 */
export function useFileDatabase() {
  let db: Database;
  let current: Harness | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.close());
  afterEach(async () => {
    if (current) {
      expect(current.github.violations).toEqual([]);
      await current.close({ keepDatabase: true });
      current = undefined;
    }
    await resetDatabase(db);
  });
  return async (options: HarnessOptions = {}) => (current = await createHarness({ ...options, db }));
}
