// Entry of an analyzer thread (analyzer-pool.ts). Plain JavaScript, so it loads however the main thread was started
// (npm start registers tsx in code, the benchmark with --import tsx, Jest through its own transform, none of which a
// thread inherits): it registers tsx's loader for this thread (module.register hooks are per thread in Node 20), then
// imports the analyzer's TypeScript source, which plans every scan and builds the automata once, as on the main thread.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { analyzeFile } = await import("./analyze-files.ts");

parentPort.on("message", ({ id, files, context }) => {
  let findings;
  try {
    findings = [];
    for (const file of files) for (const finding of analyzeFile(file, context)) findings.push(finding);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return;
  }
  parentPort.postMessage({ id, findings });
});
parentPort.postMessage({ ready: true });
