// The literal automaton decides which rules run on a line: a rule it leaves out must be one that cannot match. Checked
// against the regex semantics it replaces, and over every rule set and every line of the synthetic and development cases.
import { describe, expect, it } from "@jest/globals";
import { readFileSync, readdirSync } from "node:fs";
import yaml from "js-yaml";
import { LiteralAutomaton, MARKED, maskBit } from "../../src/engine/analyzer/literal-automaton.js";
import { ALL_KINDS, ruleSetFor } from "../../src/engine/analyzer/rule-table.js";
import { rulesToTry } from "../../src/engine/analyzer/run-line-rules.js";

const ROOT = new URL("../../fixtures/eval/", import.meta.url);
function linesOf(folder: string): string[] {
  const dir = new URL(folder, ROOT);
  return readdirSync(dir).filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => (yaml.load(readFileSync(new URL(f, dir), "utf8")) as Array<{ patch: string }>).flatMap((c) => c.patch.split("\n").map((l) => l.slice(1))));
}

function found(automaton: LiteralAutomaton, text: string, values: number): number[] {
  const marks = new Uint32Array(values);
  automaton.mark(text, marks, 1);
  return [...marks.keys()].filter((v) => marks[v] === 1);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

describe("literal automaton", () => {
  it("reports every literal that occurs, overlapping and nested ones included", () => {
    const automaton = new LiteralAutomaton([["abc", 0], ["cde", 1], ["bcd", 2], ["b", 3], ["xyz", 4], ["abcdef", 5]]);
    expect(found(automaton, "abcde", 6)).toEqual([0, 1, 2, 3]);
    expect(found(automaton, "zzabcdefzz", 6)).toEqual([0, 1, 2, 3, 5]);
    expect(found(automaton, "xy z", 6)).toEqual([]);
    expect(automaton.mark("", new Uint32Array(6), 1)).toBe(0);
  });

  it("sets the mask bits of literals that carry one, and says whether it marked a value", () => {
    const automaton = new LiteralAutomaton([["token", maskBit(0)], ["ken", maskBit(30)], ["tok", 0], ["days", maskBit(3)]]);
    const marks = new Uint32Array(1);
    expect(automaton.mark("a token", marks, 7)).toBe(MARKED | 1 | (1 << 30));
    expect(marks[0]).toBe(7);
    expect(automaton.mark("30 DAYS", marks, 8)).toBe(1 << 3);
    expect(marks[0]).toBe(7);
    expect(() => new LiteralAutomaton([["x1", maskBit(31)]])).toThrow(/bit/);
  });

  it("folds case exactly as a case-insensitive (non-Unicode) regex does", () => {
    const literals = ["key", "secret", "sk-", "md5", "::web", "a.b"];
    const automaton = new LiteralAutomaton(literals.map((l, i) => [l, i] as const));
    const texts = ["KEY", "Secret", "SK-live", "MD5(", "Sidekiq::Web", "A.B", "A_B", "\u212Aey" /* Kelvin sign */, "\u017Fecret" /* long s */, "ſk-", "kéy", "ＫＥＹ", "s\u0000ecret", "se\ncret"];
    for (const text of texts) {
      const expected = literals.map((l, i) => (new RegExp(escape(l), "i").test(text) ? i : -1)).filter((i) => i >= 0);
      expect({ text, found: found(automaton, text, literals.length) }).toEqual({ text, found: expected });
    }
  });

  it("gives rows only to the states a text reaches, and stays exact as its table grows", () => {
    // 3,000 literals of 12 letters: some 30,000 states, of which a short text reaches a handful.
    let seed = 7;
    const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 26));
    const literals = Array.from({ length: 3000 }, () => Array.from({ length: 12 }, letter).join(""));
    const automaton = new LiteralAutomaton(literals.map((l, i) => [l, i] as const));
    expect(found(automaton, "nothing here", literals.length)).toEqual([]);
    expect(automaton.rowsInUse).toBeLessThan(40);
    // Texts made of the literals themselves walk deep into the trie: thousands of rows, the table grown many times.
    for (let n = 0; n < 60; n++) {
      const text = [literals[(n * 37) % 3000], letter(), literals[(n * 53 + 1) % 3000].slice(3), literals[(n * 91 + 2) % 3000]].join("");
      const expected = literals.map((l, i) => (text.includes(l) ? i : -1)).filter((i) => i >= 0);
      expect(found(automaton, text, literals.length)).toEqual(expected);
    }
    expect(automaton.rowsInUse).toBeGreaterThan(1000);
  });

  it("refuses literals it could not fold the way the rules' regexes do", () => {
    expect(() => new LiteralAutomaton([["straße", 0]])).toThrow(/ASCII/);
    expect(() => new LiteralAutomaton([["", 0]])).toThrow(/ASCII/);
  });
});

describe("rules tried on a line", () => {
  it("include every rule whose pattern matches, for every rule set and every synthetic and development line", () => {
    const lines = [...new Set([...linesOf("cases/"), ...linesOf("real/dev/")])];
    expect(lines.length).toBeGreaterThan(3000);
    let matches = 0;
    let skipped = 0;
    for (const kind of ALL_KINDS) {
      for (const side of ["added", "removed"] as const) {
        const set = ruleSetFor(kind, side);
        for (const line of lines) {
          const tried = new Set(rulesToTry(set, line));
          for (const rule of set.rules) {
            if (!tried.has(rule)) { skipped++; continue; }
            if (rule.pattern.test(line)) matches++;
          }
          const missed = set.rules.filter((rule) => !tried.has(rule) && rule.pattern.test(line)).map((rule) => rule.definition.id);
          if (missed.length) expect({ kind, side, line, missed }).toEqual({ kind, side, line, missed: [] });
        }
      }
    }
    // The check means something: rules matched, and most rules were left out of most lines.
    expect(matches).toBeGreaterThan(1000);
    expect(skipped).toBeGreaterThan(matches * 50);
  });
});
