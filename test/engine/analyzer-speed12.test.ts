// Speed work of round 12 that must change no result: the moved-code gate's word hash is the same for a line and its
// normalised form (so the gate only skips lines that cannot normalise to a finding's), and moved lines are still
// found through it.
import { describe, expect, it } from "@jest/globals";
import "../../src/engine/analyzer/analyze-files.js";
import { dropMovedCode, normalise, wordHash } from "../../src/engine/analyzer/moved-code.js";
import type { RawFinding } from "../../src/engine/analyzer/raw-finding.js";

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

const pickFrom = (next: () => number) => <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)];

/** Code-like text from the pieces normalise() rewrites: spacing of every kind, closing semicolons, Ruby's `:key =>`. */
function codeLine(next: () => number): string {
  const pick = pickFrom(next);
  const pieces = ["logger", ".", "info", "(", ")", "user", "$email", "_x", "9", ";", " ", "  ", "\t", "\u00a0", "\u3000", "\ufeff", ":as", "=>", " => ", ",", "{", "}", "é", "ß", "->", "\"", "'", "=", "\r"];
  let text = "";
  for (let n = Math.floor(next() * 14); n >= 0; n--) text += pick(pieces);
  return text;
}

describe("the moved-code gate's word hash", () => {
  it("is the same for a line and its normalised form", () => {
    const next = random(12);
    for (let n = 0; n < 20000; n++) {
      const text = codeLine(next);
      expect({ text, hash: wordHash(normalise(text)) }).toEqual({ text, hash: wordHash(text) });
    }
  });

  it("reads only the word characters of the range it is given", () => {
    expect(wordHash("  a.b ( c ) ;")).toBe(wordHash("abc"));
    expect(wordHash("xx a.b yy", 3, 6)).toBe(wordHash("ab"));
    expect(wordHash("a b")).not.toBe(wordHash("b a"));
  });

  it("still drops a line moved to another file, reformatted, and keeps one that is not", async () => {
    const finding = (path: string, evidence: string, side: "LEFT" | "RIGHT"): RawFinding => ({ ruleId: "auth-check-removed", path, line: 1, side, evidence });
    const files = [
      { path: "a.rb", status: "modified" as const, patch: "@@ -1,2 +1,1 @@\n-  before_action :authenticate_user!, only: [:show]\n-  before_action :audit_everything\n keep" },
      { path: "b.rb", status: "modified" as const, patch: "@@ -1,1 +1,2 @@\n keep\n+  before_action  :authenticate_user! , only: [ :show ];" },
    ];
    const kept = await dropMovedCode([finding("a.rb", "  before_action :authenticate_user!, only: [:show]", "LEFT"), finding("a.rb", "  before_action :audit_everything", "LEFT")], files, 5);
    expect(kept.map((f) => f.evidence)).toEqual(["  before_action :audit_everything"]);
  });
});
