// Public surface of the review engine, used by the GitHub side.
export { review } from "./review.js";
export * from "./types.js";
export { analyzerPoolStats, closeAnalyzerPool, configureAnalyzerPool, startAnalyzerPool } from "./analyzer/analyzer-pool.js";
