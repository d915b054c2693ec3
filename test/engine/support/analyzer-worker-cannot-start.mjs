// An analyzer thread whose entry fails to load (analyzer-pool.test.ts: the pool turns itself off).
throw new Error("analyzer thread entry failed to load on purpose");
