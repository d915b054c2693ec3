// Worker threads for the per-file analysis of large pull requests. analyzeFile() is pure (file + context in, findings
// out), so a pool of threads runs it on chunks of files while the main thread only waits: a review of thousands of
// files uses the machine's cores, and the event loop stays free even while one hostile file takes seconds. The
// findings come back per chunk and are put together in file order; moved code, dedupe and the profile stay on the
// main thread (analyze-files.ts), so the result is the one the main thread would have found.
//
// Small pull requests (below POOL_MIN_PATCH_CHARS of patch text) are analysed inline: no messages, no thread start.
// The pool starts at the first large review, min(cores, 2) threads (ANALYZER_THREADS; 0: no pool), and is reused.
// Threads load one esbuild bundle of analyzer-thread.ts (bundle-analyzer-thread.ts), else analyzer-worker.mjs (tsx).
// A thread that crashes or throws fails its reviews over to the main thread with a warning; one that cannot even
// start (its entry fails to load) turns the pool off for the life of the process. Idle threads are unref'd (they
// keep no process alive); closeAnalyzerPool() terminates them at shutdown.
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { ChangedFile } from "../types.js";
import type { RawFinding } from "./raw-finding.js";
import type { FileAnalysisContext } from "./analyze-files.js";

/** Patch text (characters, all files together) from which a review goes to the pool. */
export const POOL_MIN_PATCH_CHARS = 512 * 1024;
/** Patch text per message: small enough for the threads to share the work evenly, large enough to cost little. */
const CHUNK_CHARS = 96 * 1024;
/** Chunks a thread holds at once: the next one is already there when it finishes one. */
const IN_FLIGHT_PER_THREAD = 2;
/** Default ceiling: each thread adds about 45 MB, and two keep a 3,000-file review under 300 MB RSS (bench:engine). */
const MAX_THREADS = 2;
const YOUNG_GENERATION_MB = 8;
/** The thread's entry when analyzer-thread.ts cannot be bundled: a small .mjs that registers tsx and imports it. */
export const WORKER_URL = new URL("./analyzer-worker.mjs", import.meta.url);

/** The bundled thread code as a data: URL (built once per process), or the .mjs entry. */
let bundled: Promise<URL> | undefined;
function threadEntry(): Promise<URL> {
  return (bundled ??= import("./bundle-analyzer-thread.js")
    .then(({ bundleAnalyzerThread }) => bundleAnalyzerThread())
    .then(
      (code) => (code === undefined ? WORKER_URL : new URL(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)),
      () => WORKER_URL,
    ));
}

export interface PoolLog {
  warn(details: object, message: string): void;
}

export interface PoolOptions {
  /** Threads; 0 turns the pool off. Default: ANALYZER_THREADS, or min(available cores, 2). */
  threads?: number;
  /** Patch characters from which a review goes to the pool (POOL_MIN_PATCH_CHARS). */
  minPatchChars?: number;
  /** Where warnings go (the service's logger); console.warn otherwise. */
  log?: PoolLog;
  /** The thread's entry module; tests replace it with one that fails. */
  workerUrl?: URL;
}

export interface PoolStats {
  /** Threads the pool runs with (0: no pool). */
  threads: number;
  /** Threads started so far (replacements included). */
  started: number;
  /** Threads running now. */
  alive: number;
  /** Reviews analysed on the pool. */
  reviews: number;
  /** Reviews that went back to the main thread after a thread failed. */
  fallbacks: number;
  /** Whether the pool was turned off (ANALYZER_THREADS=0, or threads that could not start). */
  disabled: boolean;
  /** How the threads load the analyzer: the bundle built at start, analyzer-worker.mjs (tsx), another entry (tests). */
  entry: "bundle" | "tsx" | "other" | undefined;
}

/** analyzeFile() itself, for the main thread's share while the threads start (passed in: no import cycle). */
export type AnalyzeFile = (file: ChangedFile, context: FileAnalysisContext) => RawFinding[];

interface ReviewRun {
  context: FileAnalysisContext;
  results: RawFinding[][];
  remaining: number;
  failed: boolean;
  resolve(findings: RawFinding[]): void;
  reject(error: Error): void;
}

interface Task {
  id: number;
  run: ReviewRun;
  index: number;
  files: ChangedFile[];
}

interface Slot {
  worker: Worker;
  /** The entry it was started from. */
  url: URL;
  ready: boolean;
  exited: boolean;
  tasks: Map<number, Task>;
}

type WorkerReply = { ready: true } | { id: number; findings: RawFinding[] } | { id: number; error: string };

/** ANALYZER_THREADS, or min(available cores, 2); a value that is not a whole number >= 0 counts as unset. */
export function defaultThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ANALYZER_THREADS;
  const value = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  if (Number.isInteger(value) && value >= 0) return value;
  return Math.min(availableParallelism(), MAX_THREADS);
}

export class AnalyzerPool {
  readonly threads: number;
  private workerUrl?: URL;
  private entry?: Promise<void>;
  private readonly log: PoolLog;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 0;
  private closed = false;
  /** Set when a thread died before it was ready: its entry cannot load, so no thread would. */
  private broken = false;
  readonly stats = { started: 0, reviews: 0, fallbacks: 0 };
  /** Called when a thread gets ready or is lost (warm()). */
  private readonly waiters = new Set<() => void>();

  constructor(options: { threads: number; workerUrl?: URL; log?: PoolLog }) {
    this.threads = options.threads;
    this.workerUrl = options.workerUrl;
    this.log = options.log ?? { warn: (details, message) => console.warn(message, details) };
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get usable(): boolean {
    return !this.closed && !this.broken && this.threads > 0;
  }

  /**
   * The findings of every file, in file order, as analyzeFile() gives them one file at a time. While no thread is
   * ready yet (the first large review starts them), the main thread analyses chunks of the review itself.
   */
  async run(files: ChangedFile[], context: FileAnalysisContext, analyzeHere: AnalyzeFile, sliceMs: number): Promise<RawFinding[]> {
    await this.prepare();
    if (!this.usable) throw new Error("the analyzer pool is closed");
    const chunks = chunkFiles(files);
    return new Promise<RawFinding[]>((resolve, reject) => {
      const run: ReviewRun = { context, results: new Array(chunks.length), remaining: chunks.length, failed: false, resolve, reject };
      if (chunks.length === 0) return resolve([]);
      chunks.forEach((chunk, index) => this.queue.push({ id: this.nextId++, run, index, files: chunk }));
      this.dispatch();
      if (!this.slots.some((slot) => slot.ready)) void this.helpWhileStarting(run, analyzeHere, sliceMs);
    });
  }

  /**
   * The main thread takes this review's queued chunks until a thread is ready (chunks go to ready threads only). The
   * threads' start (most of a second of CPU each, on the same cores) still makes the first large review of a process
   * slower than one on the main thread alone; the event loop is held as the inline path holds it (sliceMs) meanwhile.
   */
  private async helpWhileStarting(run: ReviewRun, analyzeHere: AnalyzeFile, sliceMs: number): Promise<void> {
    let sliceStart = performance.now();
    while (!run.failed && !this.slots.some((slot) => slot.ready)) {
      const at = this.queue.findIndex((task) => task.run === run);
      if (at < 0) return;
      const [task] = this.queue.splice(at, 1);
      const findings: RawFinding[] = [];
      try {
        for (const file of task.files) {
          if (performance.now() - sliceStart > sliceMs) {
            await yieldToEventLoop();
            sliceStart = performance.now();
            if (run.failed) return;
          }
          for (const finding of analyzeHere(file, run.context)) findings.push(finding);
        }
      } catch (error) {
        this.fail(run, error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.complete(run, task.index, findings);
    }
  }

  private complete(run: ReviewRun, index: number, findings: RawFinding[]): void {
    if (run.failed) return;
    run.results[index] = findings;
    if (--run.remaining === 0) run.resolve(run.results.flat());
  }

  /** Threads running now. */
  get alive(): number {
    return this.slots.length;
  }

  get entryKind(): PoolStats["entry"] {
    const url = this.workerUrl;
    return url === undefined ? undefined : url.protocol === "data:" ? "bundle" : url.href === WORKER_URL.href ? "tsx" : "other";
  }

  /** Finds the threads' entry (bundling it: about 0.1 s, off the main thread); run() and warm() need it. */
  prepare(): Promise<void> {
    return (this.entry ??= this.workerUrl ? Promise.resolve() : threadEntry().then((url) => { this.workerUrl = url; }));
  }

  /** Starts every thread and resolves when all are ready (true), or when the pool cannot run (false). */
  async warm(): Promise<boolean> {
    await this.prepare();
    for (;;) {
      if (!this.usable) return false;
      while (this.slots.length < this.threads) this.start();
      // Referenced while starting, so a script that only waits for them does not end first.
      for (const slot of this.slots) slot.worker.ref();
      if (this.slots.every((slot) => slot.ready)) break;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
    for (const slot of this.slots) if (slot.tasks.size === 0) slot.worker.unref();
    return true;
  }

  private wake(): void {
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.fail(task.run, new Error("the analyzer pool closed"));
    await Promise.all(this.slots.splice(0).map((slot) => {
      for (const task of slot.tasks.values()) this.fail(task.run, new Error("the analyzer pool closed"));
      slot.exited = true;
      return slot.worker.terminate();
    }));
    this.wake();
  }

  private dispatch(): void {
    if (this.queue.length === 0 || !this.usable) return;
    // Missing threads start with the first chunk waiting; chunks go to ready threads only (until one is, the main
    // thread takes them: a chunk posted to a starting thread would keep its review waiting for the thread).
    while (this.slots.length < this.threads) this.start();
    while (this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const task = this.queue.shift()!;
      if (task.run.failed) continue;
      slot.tasks.set(task.id, task);
      if (slot.tasks.size === 1) slot.worker.ref(); // busy: a review is waiting on it
      slot.worker.postMessage({ id: task.id, files: task.files, context: task.run.context });
    }
  }

  /** The least busy ready thread with room for another chunk. */
  private freeSlot(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) if (slot.ready && slot.tasks.size < IN_FLIGHT_PER_THREAD && (!best || slot.tasks.size < best.tasks.size)) best = slot;
    return best;
  }

  private start(): Slot {
    // No inherited execArgv: the entry needs none (the bundle is plain JavaScript; analyzer-worker.mjs registers tsx
    // itself), and Jest's --experimental-vm-modules or the bench's --expose-gc are no concern of a thread.
    // A young generation of 8 MB instead of V8's default (up to 48 MB here): a thread holds only a chunk's objects at a
    // time, and it costs about 15 MB less RSS per thread (bench:engine: 2 threads add about 90 MB), at no measurable speed.
    const worker = new Worker(this.workerUrl!, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const slot: Slot = { worker, url: this.workerUrl!, ready: false, exited: false, tasks: new Map() };
    this.slots.push(slot);
    this.stats.started++;
    // Referenced until ready (queued chunks may be waiting for it), then only while it holds chunks.
    worker.on("message", (reply: WorkerReply) => this.receive(slot, reply));
    worker.on("error", (error) => this.lose(slot, error));
    worker.on("exit", (code) => this.lose(slot, new Error(`analyzer thread exited with code ${code}`)));
    return slot;
  }

  private receive(slot: Slot, reply: WorkerReply): void {
    if ("ready" in reply) {
      slot.ready = true;
      slot.worker.unref();
      this.wake();
      this.dispatch();
      return;
    }
    const task = slot.tasks.get(reply.id);
    if (!task) return;
    slot.tasks.delete(reply.id);
    if (slot.tasks.size === 0) slot.worker.unref();
    if ("error" in reply) this.fail(task.run, new Error(reply.error));
    else this.complete(task.run, task.index, reply.findings);
    this.dispatch();
  }

  /** A thread crashed or exited: its reviews fail over to the main thread, and a new thread takes its place. */
  private lose(slot: Slot, error: Error): void {
    if (slot.exited) return;
    slot.exited = true;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (!slot.ready && !this.closed) {
      if (slot.url.protocol === "data:") {
        // The bundle would not load (a module reading its own location in a way the bundle does not keep, say):
        // the threads load the sources through tsx instead.
        if (this.workerUrl?.protocol === "data:") this.log.warn({ err: error }, "analyzer thread could not start from the bundle; threads load the sources with tsx");
        this.workerUrl = WORKER_URL;
      } else {
        this.broken = true;
        this.log.warn({ err: error }, "analyzer thread could not start; large reviews are analysed on the main thread from now on");
      }
    }
    for (const task of slot.tasks.values()) this.fail(task.run, error);
    slot.tasks.clear();
    void slot.worker.terminate();
    if (this.broken) for (const task of this.queue.splice(0)) this.fail(task.run, error);
    else this.dispatch();
    this.wake();
  }

  private fail(run: ReviewRun, error: Error): void {
    if (run.failed) return;
    run.failed = true;
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i].run === run) this.queue.splice(i, 1);
    run.reject(error);
  }
}

/** Consecutive files, about CHUNK_CHARS of patch each (a large file is a chunk of its own). */
function chunkFiles(files: ChangedFile[]): ChangedFile[][] {
  const chunks: ChangedFile[][] = [];
  let current: ChangedFile[] = [];
  let chars = 0;
  for (const file of files) {
    current.push(file);
    chars += file.patch?.length ?? 0;
    if (chars >= CHUNK_CHARS) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

let options: PoolOptions = {};
let pool: AnalyzerPool | undefined;

/** Sets the pool's threads, threshold and logger (the service does so at start); a running pool is closed first. */
export async function configureAnalyzerPool(next: PoolOptions): Promise<void> {
  await closeAnalyzerPool();
  options = { ...next };
}

/** Terminates the pool's threads (the service's shutdown), and says how many; a later large review starts a new pool. */
export async function closeAnalyzerPool(): Promise<number> {
  const current = pool;
  pool = undefined;
  const alive = current?.alive ?? 0;
  await current?.close();
  return alive;
}

function warn(details: object, message: string): void {
  (options.log ?? { warn: (d: object, m: string) => console.warn(m, d) }).warn(details, message);
}

function currentPool(): AnalyzerPool {
  return (pool ??= new AnalyzerPool({ threads: options.threads ?? defaultThreads(), workerUrl: options.workerUrl, log: options.log }));
}

/**
 * Starts the threads now rather than at the first large review, and resolves when they are ready: true, or false
 * when there is no pool (ANALYZER_THREADS=0) or its threads cannot start (logged). For benchmarks and tests.
 */
export function startAnalyzerPool(): Promise<boolean> {
  return currentPool().warm();
}

export function analyzerPoolStats(): PoolStats {
  const threads = pool?.threads ?? options.threads ?? defaultThreads();
  return {
    threads,
    started: pool?.stats.started ?? 0,
    alive: pool?.alive ?? 0,
    reviews: pool?.stats.reviews ?? 0,
    fallbacks: pool?.stats.fallbacks ?? 0,
    disabled: threads === 0 || (pool !== undefined && !pool.usable),
    entry: pool?.entryKind,
  };
}

/**
 * The findings of a large pull request from the pool, in file order; undefined when the main thread should analyse it:
 * a small pull request, no pool (ANALYZER_THREADS=0), or a thread that failed (logged).
 */
export async function analyzeInPool(files: ChangedFile[], context: FileAnalysisContext, analyzeHere: AnalyzeFile, sliceMs: number): Promise<RawFinding[] | undefined> {
  let chars = 0;
  for (const file of files) chars += file.patch?.length ?? 0;
  if (chars < (options.minPatchChars ?? POOL_MIN_PATCH_CHARS)) return undefined;
  const current = currentPool();
  if (!current.usable) return undefined;
  try {
    const findings = await current.run(files, context, analyzeHere, sliceMs);
    current.stats.reviews++;
    return findings;
  } catch (error) {
    current.stats.fallbacks++;
    const why = current.isClosed ? "analyzer threads closed (shutdown)" : "analyzer thread failed";
    warn({ err: error, files: files.length }, `${why}; this review is analysed on the main thread`);
    return undefined;
  }
}
