// The check shared by the line-scan tests: on every side of every given case and of hand-made sides built to hit the
// planner's edges, candidateLines() (the shared literal pass) selects exactly the lines a plain regex scan selects.
import { expect } from "@jest/globals";
import { readFileSync, readdirSync } from "node:fs";
import yaml from "js-yaml";
import { candidateLines, scanJoinedText, toFileDiff } from "../../../src/engine/analyzer/file-diff.js";
import { runLineRules } from "../../../src/engine/analyzer/run-line-rules.js";

const ROOT = new URL("../../../fixtures/eval/", import.meta.url);
export function casesOf(folder: string): Array<{ path: string; patch: string }> {
  const dir = new URL(folder, ROOT);
  return readdirSync(dir).filter((f) => f.endsWith(".yaml")).flatMap((f) => yaml.load(readFileSync(new URL(f, dir), "utf8")) as Array<{ path: string; patch: string }>);
}

const HAND_MADE = [
  "@@ -1,3 +1,12 @@\n+\n+  spec\n+  (x)\n+   \n+  api-key: QUtJQUlPU0ZPRE5ON0VYQU1QTEU=\n+keep a\n+ going; ttl 3\n+foo\n+ (bar) gooo\n+ ;\n+Log.i(\"x\")\n+ p foo\n- DELETE_AFTER = 3\n-\tsk0123 secret",
  "@@ -1 +1 @@\n+",
  "@@ -1 +1,2 @@\n+\n+AKIA",
  "@@ -1 +1,2 @@\n+ſecret \u212Aey ＡＫＩＡ\n+xoxb-1",
];

export function expectSameSelection(regexes: RegExp[], cases: Array<{ path: string; patch: string }>): void {
  const files = [...cases, ...HAND_MADE.map((patch, n) => ({ path: `hand/${n}.yml`, patch }))];
  let selected = 0;
  for (const [n, file] of files.entries()) {
    const diff = toFileDiff({ path: file.path, status: "modified", patch: file.patch });
    // The line rules' pass records the scans' literals as it goes; otherwise candidateLines() makes its own pass.
    if (n % 2 === 0) runLineRules(diff);
    for (const side of [diff.added, diff.removed]) {
      for (const regex of regexes) {
        const planned = candidateLines(side, regex);
        const plain = scanJoinedText(side, regex);
        if (planned.join() !== plain.join()) expect({ path: file.path, regex: regex.source, planned }).toEqual({ path: file.path, regex: regex.source, planned: plain });
        selected += plain.length;
      }
    }
  }
  expect(selected).toBeGreaterThan(1000);
}
