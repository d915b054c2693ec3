// Public surface of the review engine, used by the GitHub side.
export { review } from "./review.js";
export * from "./types.js";
