// The sensitive-data-in-logs detector finds its known logging calls with LOG_CALL split in two: most alternatives
// through the planned line scan, and the ones that start at any white space (`\sprintln(`, `{ log("`) from their
// literals. Together they must select exactly the lines one scan of the whole regex over the joined text selects.
import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { scanJoinedText, toFileDiff } from "../../src/engine/analyzer/file-diff.js";
import { detectSensitiveDataInLogs, knownLogCallLines } from "../../src/engine/analyzer/detectors/detect-sensitive-data-in-logs.js";
import { casesOf } from "./support/planned-scan-equivalence.js";

// The regex as the detector writes it (LOG_CALL), scanned whole: what the split must reproduce.
const SOURCE_FILE = new URL("../../src/engine/analyzer/detectors/detect-sensitive-data-in-logs.ts", import.meta.url);

const HAND_MADE = [
  // println / log / debug reached through each way in: line start, a space, ";" or "{" then white space (across lines).
  "@@ -1 +1,14 @@\n+println(\"a\")\n+x = 1;\n+   println (b)\n+y {\n+\n+  debug(\"x\")\n+a;log('v')\n+ log (`t`)\n+foo{log(\"a\")\n+\tdebug (\"z\")\n+z;\n+println\n+(x)\n+log(x)",
  // A line whose only trigger is a white-space-led call: selected on the line before too (its "\n" starts the match).
  "@@ -1 +1,3 @@\n+const a = 1\n+debug(\"user email\", user.email)\n+done",
  "@@ -1 +1,2 @@\n+\r\n+println(x)\r",
  "@@ -1 +1,4 @@\n+Log::channel('auth')->info($x)\n+logger()->warning(\"a\")\n+app('log')->debug($y)\n+resolve('log')->error($z)",
  "@@ -1 +1 @@\n+",
];

function logCallRegex(): RegExp {
  const text = readFileSync(SOURCE_FILE, "utf8");
  const m = /\nconst LOG_CALL = \/(.*)\/;\n/.exec(text);
  if (!m) throw new Error("LOG_CALL not found");
  return new RegExp(m[1], "gm");
}

describe("the known logging calls' split scan", () => {
  it("selects exactly the lines a scan of the whole LOG_CALL selects", () => {
    const whole = logCallRegex();
    const files = [...casesOf("cases/"), ...casesOf("real/dev/"), ...HAND_MADE.map((patch, n) => ({ path: `hand/${n}.kt`, patch }))];
    let selected = 0;
    for (const file of files) {
      const diff = toFileDiff({ path: file.path, status: "modified", patch: file.patch });
      for (const side of [diff.added, diff.removed]) {
        const split = knownLogCallLines(side);
        const plain = scanJoinedText(side, whole);
        if (split.join() !== plain.join()) expect({ path: file.path, split }).toEqual({ path: file.path, split: plain });
        selected += plain.length;
      }
    }
    expect(selected).toBeGreaterThan(1000);
  });

  it("finds a call whose only trigger is a white-space-led alternative", () => {
    const diff = toFileDiff({ path: "app/src/Main.kt", status: "modified", patch: "@@ -1 +1,2 @@\n+fun main() {\n+  debug(\"sent to ${user.email}\")" });
    expect(detectSensitiveDataInLogs(diff).map((f) => f.ruleId)).toEqual(["pii-in-logs"]);
  });
});
