// An analyzer thread that starts, then dies on its first chunk (analyzer-pool.test.ts: the review falls back).
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => {
  throw new Error("analyzer thread crashed on purpose");
});
parentPort.postMessage({ ready: true });
