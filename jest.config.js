/** Jest on ESM TypeScript, as verified in shared/notes/toolchain.md. */
export default {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  extensionsToTreatAsEsm: [".ts"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: { "^.+\\.ts$": ["ts-jest", { useESM: true, diagnostics: false }] },
  testTimeout: 30000,
  setupFiles: ["<rootDir>/test/support/analyzer-threads-off.ts"],
  // Each test file gets its own embedded database; two workers fit the 2-core machines.
  maxWorkers: 2,
};
