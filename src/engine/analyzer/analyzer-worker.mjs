// Entry of an analyzer thread when the pool could not bundle analyzer-thread.ts (analyzer-pool.ts): plain JavaScript,
// so it loads however the main thread was started (npm start registers tsx in code, the benchmark with --import tsx,
// Jest through its own transform, none of which a thread inherits). It registers tsx's loader for this thread
// (module.register hooks are per thread in Node 20; this costs a hooks thread of about 25 MB), then imports the source.
import { register } from "tsx/esm/api";

register();
await import("./analyzer-thread.ts");
