// Moved to bench/support/github (benchmarks may not import from test/); kept so tests import it as before.
export * from "../../../bench/support/github/graphql-validator.js";
