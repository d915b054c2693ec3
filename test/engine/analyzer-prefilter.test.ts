// The literal prefilter of a rule set must never hide a line a rule would match: checked on every diff line of the
// synthetic cases and the development part of the real-code corpus, and on patterns whose shape is easy to get wrong.
import { describe, expect, it } from "@jest/globals";
import { readFileSync, readdirSync } from "node:fs";
import yaml from "js-yaml";
import { requiredLiterals } from "../../src/engine/analyzer/required-literals.js";
import { RULES } from "../../src/engine/analyzer/rule-table.js";

const ROOT = new URL("../../fixtures/eval/", import.meta.url);
function linesOf(folder: string): string[] {
  const dir = new URL(folder, ROOT);
  return readdirSync(dir).filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => (yaml.load(readFileSync(new URL(f, dir), "utf8")) as Array<{ patch: string }>).flatMap((c) => c.patch.split("\n").map((l) => l.slice(1))));
}

describe("required literals of a pattern", () => {
  it("finds what every match must contain, and gives up rather than guess", () => {
    expect(requiredLiterals(String.raw`\bfoo\s*bar`)).toEqual(["foo"]);
    // A group of plain alternatives multiplies the text around it (required-literals-alternative-groups.test.ts).
    expect(requiredLiterals(String.raw`abc(?:def|ghi)x+`)).toEqual(["abcdefx", "abcghix"]);
    expect(requiredLiterals(String.raw`(?:alpha|beta)\s*=`)?.sort()).toEqual(["alpha", "beta"]);
    expect(requiredLiterals(String.raw`x?yz|[ab]cd`)).toBeNull(); // "yz" and "cd" are too short to help
    // Between two sets of the same shortest length, the one without everyday identifiers: a wrapper call named for a
    // provider (`ask_gemini(`) is gated by the provider's names, not by get/ask/run, which are on most lines.
    expect(requiredLiterals(String.raw`\b(?:get|ask|run)_?(?:gemini|claude|gpt|groq|mistral)\w*\s*\(`)?.sort()).toEqual(["claude", "gemini", "gpt", "groq", "mistral"]);
    expect(requiredLiterals(String.raw`(?:longer)?\bab`)).toBeNull(); // an optional literal is not required
    expect(requiredLiterals(String.raw`Cipher\.getInstance\(`)).toEqual(["cipher.getinstance("]);
    expect(requiredLiterals(String.raw`(?<![.\w])address\b`)).toEqual(["address"]);
    expect(requiredLiterals(String.raw`["']\*["']\s*,`)).toBeNull();
    expect(requiredLiterals(String.raw`["'][\w-]+:\*["']`)).toEqual([":*"]);
  });

  it("never misses a line that a rule matches, on every line of the synthetic and development cases", () => {
    const lines = [...linesOf("cases/"), ...linesOf("real/dev/")];
    expect(lines.length).toBeGreaterThan(3000);
    let checked = 0;
    for (const rule of RULES) {
      if (!rule.pattern) continue;
      const pattern = new RegExp(rule.pattern, "i");
      const literals = requiredLiterals(rule.pattern);
      if (!literals) continue;
      for (const line of lines) {
        if (!pattern.test(line)) continue;
        checked++;
        const lower = line.toLowerCase();
        expect({ rule: rule.id, line, covered: literals.some((l) => lower.includes(l)) }).toEqual({ rule: rule.id, line, covered: true });
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
