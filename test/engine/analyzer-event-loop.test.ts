// A large review yields to the event loop: timers and requests keep being served while it runs.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import type { ChangedFile } from "../../src/engine/index.js";
import { configuration, input } from "./support/configuration.js";

describe("review on the event loop", () => {
  it("lets other work run between files of a large pull request and keeps the result", async () => {
    const files: ChangedFile[] = Array.from({ length: 1500 }, (_, n) => ({
      path: `services/svc${n % 30}/module${n}.ts`,
      status: "modified",
      patch: `@@ -1,40 +1,41 @@\n${Array.from({ length: 40 }, (_, i) => `+  const value${i} = await repository.load(id${i}, { retries: ${i} });`).join("\n")}\n+    rejectUnauthorized: false,`,
    }));
    let turns = 0;
    let running = true;
    const tick = (): void => { turns++; if (running) setImmediate(tick); };
    setImmediate(tick);
    const result = await review(input(files), configuration());
    running = false;
    expect(result.findings.filter((f) => f.ruleId === "tls-verification-disabled")).toHaveLength(1500);
    // A review that never yielded would let the ticker run at most once or twice (before and after it).
    expect(turns).toBeGreaterThan(3);
  });
});
