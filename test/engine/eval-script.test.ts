// The eval script's batch options: `--only <file>.yaml` scores exactly that file (not every file whose name contains
// it), and `--scores-only` prints the figures without the list of misses, so a validation batch can be scored unread.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "@jest/globals";

const run = promisify(execFile);
const evalScript = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/eval.ts", ...args], { maxBuffer: 16 * 1024 * 1024 }).then((r) => r.stdout);
const caseCount = (output: string) => Number(/: (\d+) cases/.exec(output)?.[1]);

describe("npm run eval -- --only", () => {
  it("matches one file exactly when the name ends in .yaml, and every file containing the name otherwise", async () => {
    const exact = await evalScript("--only", "tenant-round8.yaml");
    const contains = await evalScript("--only", "tenant-round8");
    expect(caseCount(exact)).toBeGreaterThan(0);
    expect(caseCount(contains)).toBeGreaterThan(caseCount(exact)); // also tenant-round8-validation.yaml
    // A file name is a whole name: "round8.yaml" is not tenant-round8.yaml.
    await expect(evalScript("--only", "round8.yaml")).rejects.toThrow(/no development cases/);
  }, 120_000);

  it("lists the batch's misses unless --scores-only is given", async () => {
    // A batch that still has misses (tenant-round8-validation.yaml, used before, has none left since round 19a).
    const withMistakes = await evalScript("--only", "mixed-round7-untuned.yaml");
    const scoresOnly = await evalScript("--only", "mixed-round7-untuned.yaml", "--scores-only");
    expect(withMistakes).toContain("mixed7-");
    expect(scoresOnly).not.toContain("mixed7-");
    expect(scoresOnly).toMatch(/precision/i);
  }, 120_000);
});
