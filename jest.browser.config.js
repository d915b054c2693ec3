/** Browser tests (npm run test:browser): real Chromium from Debian driven by playwright-core. Kept
 * apart from `npm test` (which matches *.test.ts only) so the unit suite needs no browser. */
import base from "./jest.config.js";

export default {
  ...base,
  roots: ["<rootDir>/test/browser"],
  testMatch: ["**/*.browser.ts"],
  testTimeout: 180000,
  maxWorkers: 1,
};
