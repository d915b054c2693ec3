// Large pull requests are analysed on worker threads (analyzer-pool.ts): the findings must be exactly those of the
// main thread, a thread that fails must not fail the review, small pull requests stay on the main thread, and the
// service's shutdown terminates the threads.
import { afterAll, afterEach, describe, expect, it, jest } from "@jest/globals";
import { analyzeFiles } from "../../src/engine/analyzer/analyze-files.js";
import { AnalyzerPool, POOL_MIN_PATCH_CHARS, WORKER_URL, analyzerPoolStats, closeAnalyzerPool, configureAnalyzerPool, startAnalyzerPool } from "../../src/engine/analyzer/analyzer-pool.js";
import { readProfileContext } from "../../src/engine/grounding/read-profile-context.js";
import { review } from "../../src/engine/index.js";
import type { ChangedFile } from "../../src/engine/index.js";
import { TLS_OFF, configuration, input } from "./support/configuration.js";

// Ordinary lines, and lines of every area now and then: a vendor seen in many files (deduplicated across the pull
// request), a logging call moved from one file to another (dropped as moved code), an AI SDK used with fixed prompts.
const ORDINARY = [
  "  const order = await orders.find(req.params.id);",
  "  return res.json(serialize(order, { include: [\"lines\"] }));",
  "    rows = Report.objects.filter(account_id=account_id)",
  "\titem, err := s.repo.Get(ctx, id)",
  "  bucket = \"acme-data\"",
];
const HOT = [
  "+    rejectUnauthorized: false,",
  "+  logger.info(`signup ${user.email}`);",
  "+import Stripe from \"stripe\";",
  "+import * as Sentry from \"@sentry/node\";",
  "+from openai import OpenAI",
  "+  region: \"us-east-1\",",
  "-  @UseGuards(AuthGuard)",
  "+const STRIPE_KEY = \"sk_live_51HxQ2mZvKYlo2CabcdEfGhIjKlMnOpQr\";",
  "+  retention_in_days = 7",
  "+ALTER TABLE users ADD COLUMN phone_number VARCHAR(32);",
  "+    requests.get(url, verify=False)",
  "-    logger.info(`login ${user.email} from ${ip}`);",
  "+    logger.info(`login ${user.email} from ${ip}`);",
];
const EXTENSIONS = ["ts", "py", "go", "tf", "sql", "rb", "java"];

function largePullRequest(): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (let f = 0; f < 900; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 30; i++) {
      lines.push(i % 11 === 3 && f % 4 === 0 ? HOT[(f + i) % HOT.length] : `${i % 3 === 0 ? "-" : i % 3 === 1 ? " " : "+"}${ORDINARY[(f + i) % ORDINARY.length]}`);
    }
    files.push({ path: `services/svc${f % 20}/module${f}.${EXTENSIONS[f % EXTENSIONS.length]}`, status: "modified", patch: `@@ -1,30 +1,30 @@\n${lines.join("\n")}` });
  }
  files.push({ path: "jobs/purge_expired_users.py", status: "removed", patch: "@@ -1,2 +0,0 @@\n-def purge():\n-    User.objects.filter(deleted_at__lt=cutoff).delete()" });
  files.push({ path: "demo/ask.py", status: "added", patch: "@@ -0,0 +1,3 @@\n+from openai import OpenAI\n+client = OpenAI()\n+client.chat.completions.create(model=\"gpt-4o\", messages=[{\"role\": \"user\", \"content\": \"Say hello\"}])" });
  return files;
}

const files = largePullRequest();
const euConfiguration = configuration({
  profile: { company: "Acme", hosting: "EU (Frankfurt)", data_handled: "patient health records" },
  commitments: [{ area: "logging", implementation: "Audit logs retained for 400 days" }],
});
const context = { profile: readProfileContext(euConfiguration.profile), commitments: euConfiguration.commitments ?? [] };

async function inline<T>(work: () => Promise<T>): Promise<T> {
  await configureAnalyzerPool({ threads: 0 });
  return work();
}

afterEach(async () => {
  await configureAnalyzerPool({});
});
afterAll(async () => {
  await closeAnalyzerPool();
});

describe("the analyzer's worker threads", () => {
  it("is given a pull request above the threshold", () => {
    expect(files.reduce((sum, file) => sum + (file.patch?.length ?? 0), 0)).toBeGreaterThan(POOL_MIN_PATCH_CHARS);
  });

  it("finds exactly what the main thread finds, in the same order", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    const expectedReview = await inline(() => review(input(files), euConfiguration));
    expect(new Set(expected.map((f) => f.ruleId)).size).toBeGreaterThanOrEqual(8);

    await configureAnalyzerPool({ threads: 2 });
    expect(await startAnalyzerPool()).toBe(true);
    expect(await analyzeFiles(files, context)).toEqual(expected);
    expect(await review(input(files), euConfiguration)).toEqual(expectedReview);
    // Two reviews at once share the threads and each gets its own findings.
    const [a, b] = await Promise.all([analyzeFiles(files, context), analyzeFiles(files.slice().reverse(), context)]);
    expect(a).toEqual(expected);
    expect(analyzerPoolStats()).toMatchObject({ threads: 2, reviews: 4, fallbacks: 0, entry: "bundle" });
    expect(b).toEqual(await inline(() => analyzeFiles(files.slice().reverse(), context)));
  });

  it("finds the same through its fallback entry, which loads the TypeScript with tsx", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    await configureAnalyzerPool({ threads: 1, workerUrl: WORKER_URL });
    expect(await startAnalyzerPool()).toBe(true);
    expect(await analyzeFiles(files, context)).toEqual(expected);
    expect(analyzerPoolStats()).toMatchObject({ reviews: 1, fallbacks: 0, entry: "tsx" });
  });

  it("keeps the event loop turning while one huge file is analysed (a file is never split)", async () => {
    const lines = Array.from({ length: 30000 }, (_, i) => `+  logger.info(\`user ${i} signed in with \${user.email} and \${session.token}\`); // step ${i}`);
    const huge: ChangedFile[] = [{ path: "src/huge.ts", status: "modified", patch: `@@ -1,1 +1,30000 @@\n${lines.join("\n")}` }];
    // How often the event loop turned while the analysis ran (counted in turns, not time): inline, the one file holds it
    // from start to end; on the pool, the main thread only waits, so it keeps turning.
    const turnsDuring = async (): Promise<{ turns: number; findings: unknown }> => {
      let turns = 0;
      let running = true;
      const tick = (): void => {
        turns++;
        if (running) setImmediate(tick);
      };
      setImmediate(tick);
      await new Promise((resolve) => setTimeout(resolve, 10));
      turns = 0;
      const findings = await analyzeFiles(huge, context);
      running = false;
      return { turns, findings };
    };
    const alone = await inline(turnsDuring);
    await configureAnalyzerPool({ threads: 1 });
    expect(await startAnalyzerPool()).toBe(true);
    const pooled = await turnsDuring();
    expect(pooled.findings).toEqual(alone.findings);
    expect(analyzerPoolStats().reviews).toBe(1);
    expect(pooled.turns).toBeGreaterThan(20 * Math.max(1, alone.turns));
  });

  it("counts its reviews and keeps its threads for the next one", async () => {
    await configureAnalyzerPool({ threads: 2 });
    await analyzeFiles(files, context); // the first one starts the threads; the main thread helps until they are ready
    await analyzeFiles(files, context);
    expect(analyzerPoolStats()).toMatchObject({ threads: 2, started: 2, alive: 2, reviews: 2, fallbacks: 0, disabled: false });
  });

  it("leaves a small pull request on the main thread", async () => {
    await configureAnalyzerPool({ threads: 2 });
    const result = await review(input([TLS_OFF]), configuration());
    expect(result.findings.map((f) => f.ruleId)).toEqual(["tls-verification-disabled"]);
    expect(analyzerPoolStats()).toMatchObject({ started: 0, reviews: 0 });
  });

  it("falls back to the main thread, with a warning, when a thread crashes", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    const warn = jest.fn();
    await configureAnalyzerPool({ threads: 2, workerUrl: new URL("./support/analyzer-worker-crashes.mjs", import.meta.url), log: { warn } });
    expect(await startAnalyzerPool()).toBe(true);
    expect(await analyzeFiles(files, context)).toEqual(expected);
    // (The error comes from another realm than Jest's: matched by its message.)
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: "analyzer thread crashed on purpose" }) }), expect.stringContaining("analyzer thread failed"));
    expect(analyzerPoolStats()).toMatchObject({ fallbacks: 1, reviews: 0, disabled: false });
  });

  it("loads the sources with tsx, with a warning, when its bundle does not load", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    const warn = jest.fn();
    const broken = new URL(`data:text/javascript,${encodeURIComponent('throw new Error("bundle failed to load on purpose");')}`);
    await configureAnalyzerPool({ threads: 1, workerUrl: broken, log: { warn } });
    expect(await startAnalyzerPool()).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("threads load the sources with tsx"));
    expect(await analyzeFiles(files, context)).toEqual(expected);
    expect(analyzerPoolStats()).toMatchObject({ reviews: 1, entry: "tsx", disabled: false });
  });

  it("turns itself off, with a warning, when its threads cannot start", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    const warn = jest.fn();
    await configureAnalyzerPool({ threads: 2, workerUrl: new URL("./support/analyzer-worker-cannot-start.mjs", import.meta.url), log: { warn } });
    expect(await startAnalyzerPool()).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("could not start"));
    expect(await analyzeFiles(files, context)).toEqual(expected);
    expect(analyzerPoolStats()).toMatchObject({ disabled: true, reviews: 0 });
  });

  it("is off with ANALYZER_THREADS=0", async () => {
    const previous = process.env.ANALYZER_THREADS;
    process.env.ANALYZER_THREADS = "0";
    try {
      await configureAnalyzerPool({});
      await analyzeFiles(files, context);
      expect(analyzerPoolStats()).toMatchObject({ threads: 0, started: 0, disabled: true });
    } finally {
      if (previous === undefined) delete process.env.ANALYZER_THREADS;
      else process.env.ANALYZER_THREADS = previous;
    }
  });

  it("terminates its threads on shutdown; a review still running finishes on the main thread", async () => {
    const expected = await inline(() => analyzeFiles(files, context));
    const warn = jest.fn();
    await configureAnalyzerPool({ threads: 2, log: { warn } });
    expect(await startAnalyzerPool()).toBe(true);
    const running = analyzeFiles(files, context);
    expect(await closeAnalyzerPool()).toBe(2);
    expect(await running).toEqual(expected);
    expect(analyzerPoolStats()).toMatchObject({ alive: 0 });

    const pool = new AnalyzerPool({ threads: 2 });
    expect(await pool.warm()).toBe(true);
    expect(pool.alive).toBe(2);
    await pool.close();
    expect(pool.alive).toBe(0);
    expect(pool.usable).toBe(false);
  });
});
