// Tests run the analyzer on the main thread unless ANALYZER_THREADS says otherwise: several meter its work there
// (analyzer-adversarial.test.ts counts what regular expressions read), and threads a test starts would outlive it.
// The pool's own tests (analyzer-pool.test.ts) configure it explicitly; `ANALYZER_THREADS=2 npm test` runs every
// large review of the suite on it.
process.env.ANALYZER_THREADS ??= "0";
