// An analyzer thread's work (analyzer-pool.ts): chunks of files in, their findings out, one message each. Loaded in a
// worker thread only, from the bundle the pool builds or through analyzer-worker.mjs; importing analyze-files.ts plans
// every scan and builds the automata once, as on the main thread.
import { isMainThread, parentPort } from "node:worker_threads";
import type { ChangedFile } from "../types.js";
import { analyzeFile, type FileAnalysisContext } from "./analyze-files.js";
import type { RawFinding } from "./raw-finding.js";

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on("message", ({ id, files, context }: { id: number; files: ChangedFile[]; context: FileAnalysisContext }) => {
    const findings: RawFinding[] = [];
    try {
      for (const file of files) for (const finding of analyzeFile(file, context)) findings.push(finding);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      return;
    }
    port.postMessage({ id, findings });
  });
  port.postMessage({ ready: true });
}
