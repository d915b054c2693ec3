// Speed work of round 12 that must change no result: the moved-code gate's word hash is the same for a line and its
// normalised form (so the gate only skips lines that cannot normalise to a finding's), and moved lines are still
// found through it; the first-word gate's hash buckets (read while the word is read) let through every line whose first
// word is a finding's line's, as a plain reading of every line does.
import { describe, expect, it } from "@jest/globals";
import "../../src/engine/analyzer/analyze-files.js";
import { dropMovedCode, normalise, wordHash } from "../../src/engine/analyzer/moved-code.js";
import type { RawFinding } from "../../src/engine/analyzer/raw-finding.js";
import type { ChangedFile } from "../../src/engine/index.js";

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

/** dropMovedCode() without its gates: every added or removed line whose first word is a finding's line's is normalised. */
function movedPlainly(findings: RawFinding[], files: ChangedFile[]): RawFinding[] {
  const wanted = new Map<string, { added: boolean; removed: boolean }>();
  const heads = new Set<string>();
  for (const f of findings) {
    const key = normalise(f.evidence);
    if (key.length < 12) continue;
    wanted.set(key, { added: false, removed: false });
    heads.add(/^[\w$]+/.exec(key)?.[0] ?? key[0]);
  }
  for (const file of files) {
    for (const line of (file.patch ?? "").split("\n")) {
      const sign = line[0];
      if (sign !== "+" && sign !== "-") continue;
      const body = line.slice(1).replace(/^[ \t]+/, "");
      if (body === "") continue;
      const head = /^[\w$]+/.exec(body)?.[0] ?? body[0];
      if (!heads.has(head)) continue;
      const seen = wanted.get(normalise(line.slice(1)));
      if (seen) seen[sign === "+" ? "added" : "removed"] = true;
    }
  }
  return findings.filter((f) => {
    const seen = wanted.get(normalise(f.evidence));
    return !seen || (f.side === "LEFT" ? !seen.added : !seen.removed);
  });
}

describe("the moved-code gates", () => {
  it("drop what a plain reading of every line drops, on generated patches of moved and reformatted lines", async () => {
    const next = random(1212);
    const pick = pickFrom(next);
    const heads = ["logger", "log", "l", "Logger", "$log", "_log", "requests", "@UseGuards", "-", "é", "x", "lo"];
    const lineOf = () => `${pick(["", " ", "\t", "  \t"])}${pick(heads)}${codeLine(next)}`;
    let dropped = 0;
    for (let n = 0; n < 400; n++) {
      const pool = Array.from({ length: 12 }, lineOf);
      const files: ChangedFile[] = Array.from({ length: 4 }, (_, f) => ({
        path: `f${f}.ts`,
        status: "modified",
        patch: `@@ -1,9 +1,9 @@\n${Array.from({ length: 9 }, () => `${pick(["+", "-", " "])}${pick(pool)}`).join("\n")}`,
      }));
      const findings: RawFinding[] = Array.from({ length: 6 }, (_, i) => ({ ruleId: "x", path: `f${i % 4}.ts`, line: 1, side: next() < 0.5 ? "LEFT" : "RIGHT", evidence: pick(pool) }));
      const expected = movedPlainly(findings, files);
      dropped += findings.length - expected.length;
      expect(await dropMovedCode(findings, files, 5)).toEqual(expected);
    }
    expect(dropped).toBeGreaterThan(100);
  });
});
