// Throughput and memory of the built-in analyzer on a large generated pull request (npm run bench:engine).
// Run with --expose-gc so heap figures start from a collected heap. Also prints the longest the event loop was held
// during the reviews (perf_hooks.monitorEventLoopDelay), alone and with BENCH_CONCURRENT reviews at once (default 2,
// as REVIEW_CONCURRENCY): the review must yield so the process keeps answering.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { review } from "../src/engine/index.js";
import { analyzerPoolStats, closeAnalyzerPool } from "../src/engine/analyzer/analyzer-pool.js";
import type { ChangedFile } from "../src/engine/index.js";
import type { OrganisationConfiguration } from "../src/domain/types.js";

const FILES = Number(process.env.BENCH_FILES ?? 3000);
const LINES_PER_FILE = Number(process.env.BENCH_LINES ?? 120);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 2);

// Ordinary code in each language, with an occasional compliance-relevant line so the rules do real work.
const TEMPLATES: Array<{ ext: string; lines: string[]; hot: string[] }> = [
  { ext: "ts", lines: ["export async function handle(req: Request, res: Response) {", "  const order = await orders.find(req.params.id);", "  logger.info(\"order loaded\", { orderId: order.id });", "  return res.json(order);", "}"], hot: ["  logger.info(`signup ${user.email}`);", "    rejectUnauthorized: false,"] },
  { ext: "py", lines: ["def build_report(account_id):", "    rows = Report.objects.filter(account_id=account_id)", "    return [serialize(r) for r in rows]", "", "class Exporter:"], hot: ["    requests.get(url, verify=False)", "from openai import OpenAI"] },
  { ext: "go", lines: ["func (s *Service) Get(ctx context.Context, id string) (*Item, error) {", "\titem, err := s.repo.Get(ctx, id)", "\tif err != nil {", "\t\treturn nil, fmt.Errorf(\"get item: %w\", err)", "\t}"], hot: ["\t\tInsecureSkipVerify: true,"] },
  { ext: "java", lines: ["    @GetMapping(\"/items/{id}\")", "    public Item get(@PathVariable String id) {", "        return items.findById(id).orElseThrow();", "    }", ""], hot: ["        log.info(\"created {}\", customer.getEmail());"] },
  { ext: "rb", lines: ["  def show", "    @item = Item.find(params[:id])", "    render json: @item", "  end", ""], hot: ["  skip_before_action :authenticate_user!"] },
  { ext: "tf", lines: ["resource \"aws_s3_bucket\" \"data\" {", "  bucket = \"acme-data\"", "  tags = { team = \"platform\" }", "}", ""], hot: ["  acl    = \"public-read\"", "  retention_in_days = 7"] },
  { ext: "yaml", lines: ["apiVersion: apps/v1", "kind: Deployment", "metadata:", "  name: api", "spec:"], hot: ["          privileged: true"] },
  { ext: "sql", lines: ["CREATE TABLE invoices (", "  id UUID PRIMARY KEY,", "  total NUMERIC(12,2) NOT NULL,", "  created_at TIMESTAMPTZ NOT NULL", ");"], hot: ["ALTER TABLE users ADD COLUMN phone_number VARCHAR(32);"] },
];

function generateFiles(): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (let f = 0; f < FILES; f++) {
    const t = TEMPLATES[f % TEMPLATES.length];
    const body: string[] = [];
    for (let i = 0; i < LINES_PER_FILE; i++) {
      const source = i % 37 === 5 && f % 3 === 0 ? t.hot[i % t.hot.length] : `${t.lines[i % t.lines.length]}${i % 5 === 0 ? ` // step ${i}` : ""}`;
      body.push(`${i % 4 === 0 ? "-" : i % 4 === 1 ? " " : "+"}${source}`);
    }
    files.push({ path: `services/svc${f % 40}/src/module${f}.${t.ext}`, status: "modified", patch: `@@ -1,${LINES_PER_FILE} +1,${LINES_PER_FILE} @@\n${body.join("\n")}` });
  }
  return files;
}

const configuration: OrganisationConfiguration = {
  profile: { company: "Bench", hosting: "EU (Frankfurt)", data_handled: "customer contact data" },
  frameworks: ["ISO_27001", "SOC_2", "GDPR", "NIST_800_53", "NIS_2_DE"],
  eu_inference: false,
  review_language: "en",
  commitments: [{ area: "logging", implementation: "Audit logs retained for 400 days" }],
  commitments_updated_at: null,
};

const gc = (globalThis as { gc?: () => void }).gc;
const files = generateFiles();
const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.patch ?? ""), 0);
const mb = bytes / (1024 * 1024);
const input = { repository: "bench/app", pullNumber: 1, headSha: "0".repeat(40), files };

await review({ ...input, files: files.slice(0, 50) }, configuration); // warm up regex compilation and JIT
// The first large review starts the analyzer threads (ANALYZER_THREADS): timed on its own, then the runs are warm.
const coldStarted = process.hrtime.bigint();
await review(input, configuration);
const coldSeconds = Number(process.hrtime.bigint() - coldStarted) / 1e9;
const timings: number[] = [];
let findings = 0;
let peakHeapDelta = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
for (let run = 0; run < RUNS; run++) {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  loopDelay.enable(); // only while the review runs: the forced gc() above is the benchmark's own pause
  const started = process.hrtime.bigint();
  const result = await review(input, configuration);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // Let the monitor's timer fire once more, so a review that blocked until its end is recorded too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  loopDelay.disable();
  peakHeapDelta = Math.max(peakHeapDelta, process.memoryUsage().heapUsed - heapBefore);
  timings.push(seconds);
  findings = result.findings.length;
}
const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
const alone = { max: loopDelay.max, p99: loopDelay.percentile(99), mean: loopDelay.mean };
const aloneRssMb = process.resourceUsage().maxRSS / 1024;

// The same pull request reviewed CONCURRENT times at once, as the worker does with several jobs.
const together = monitorEventLoopDelay({ resolution: 1 });
let concurrentSeconds = 0;
if (CONCURRENT > 1) {
  gc?.();
  together.enable();
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENT }, () => review(input, configuration)));
  concurrentSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise((resolve) => setTimeout(resolve, 5));
  together.disable();
}

timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)];
console.log(`Analyzer benchmark: ${FILES} files, ${(LINES_PER_FILE * FILES).toLocaleString("en")} diff lines, ${mb.toFixed(2)} MB of patch text, ${findings} findings`);
const pool = analyzerPoolStats();
console.log(
  pool.reviews > 0
    ? `  analyzer threads: ${pool.threads} (ANALYZER_THREADS; loaded from the ${pool.entry}; ${pool.reviews} reviews on the pool, ${pool.fallbacks} fell back); first review, threads starting: ${(coldSeconds * 1000).toFixed(0)} ms`
    : `  analyzer threads: none, every file on the main thread (${pool.disabled ? "ANALYZER_THREADS=0" : "pull request below the pool's threshold"}); first review: ${(coldSeconds * 1000).toFixed(0)} ms`,
);
console.log(`  time per review of ${FILES.toLocaleString("en")} files (median of ${RUNS}): ${(median * 1000).toFixed(0)} ms (best ${(timings[0] * 1000).toFixed(0)} ms)`);
console.log(`  throughput: ${(mb / median).toFixed(2)} MB/s (best ${(mb / timings[0]).toFixed(2)} MB/s)`);
console.log(`  event loop, one review at a time: longest delay ${ms(alone.max)} (p99 ${ms(alone.p99)}, mean ${ms(alone.mean)})`);
if (CONCURRENT > 1) {
  console.log(`  event loop, ${CONCURRENT} reviews at once: longest delay ${ms(together.max)} (p99 ${ms(together.percentile(99))}, mean ${ms(together.mean)}); all ${CONCURRENT} done in ${(concurrentSeconds * 1000).toFixed(0)} ms`);
}
console.log(`  peak memory: ${aloneRssMb.toFixed(0)} MB RSS one review at a time (${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB with ${CONCURRENT} at once); heap growth during a review: ${(peakHeapDelta / (1024 * 1024)).toFixed(1)} MB${gc ? "" : " (run with --expose-gc for a collected baseline)"}`);
await closeAnalyzerPool();
