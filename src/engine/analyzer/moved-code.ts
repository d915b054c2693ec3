// Code moved within a pull request is not a change of behaviour: a guard removed from one file and added to another,
// a field or a logging call cut from one place and pasted in another. A finding on a removed line is dropped when the
// same line (spacing aside) is added anywhere in the pull request; a finding on an added line when the same line is
// removed anywhere. Only the findings' own lines are looked for, so this costs one pass over the patches' text, and
// only when there is a finding at all.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { ChangedFile } from "../types.js";
import type { RawFinding } from "./raw-finding.js";

const normalise = (text: string): string => text.trim().replace(/\s+/g, " ");

/** Lines this short say too little to call two of them the same code (`}`, `end`, `});`). */
const MIN_LENGTH = 12;

export async function dropMovedCode(findings: RawFinding[], files: ChangedFile[], sliceMs: number): Promise<RawFinding[]> {
  // What each finding's line would look like on the other side of the diff.
  const wanted = new Map<string, { added: boolean; removed: boolean }>();
  for (const f of findings) {
    const key = normalise(f.evidence);
    if (key.length >= MIN_LENGTH) wanted.set(key, { added: false, removed: false });
  }
  if (wanted.size === 0) return findings;
  let sliceStart = performance.now();
  for (const file of files) {
    if (!file.patch) continue;
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    for (const line of file.patch.split("\n")) {
      const sign = line[0];
      if (sign !== "+" && sign !== "-") continue;
      const seen = wanted.get(normalise(line.slice(1)));
      if (!seen) continue;
      if (sign === "+") seen.added = true;
      else seen.removed = true;
    }
  }
  return findings.filter((f) => {
    const seen = wanted.get(normalise(f.evidence));
    if (!seen) return true;
    return f.side === "LEFT" ? !seen.added : !seen.removed;
  });
}
