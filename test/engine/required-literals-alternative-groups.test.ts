// requiredLiterals() multiplies a run of plain text by a group of plain alternatives read exactly once
// (`SHA(?:256|512)\.(?:Create|HashData)` needs sha256.create, sha256.hashdata, sha512.create or sha512.hashdata): longer,
// rarer literals, so a rule is tried on fewer lines. Every match must still hold one of them, or the rule would be
// skipped on a line it matches.
import { describe, expect, it } from "@jest/globals";
import { requiredLiterals, scannableLiterals } from "../../src/engine/analyzer/required-literals.js";
import { RULES } from "../../src/engine/analyzer/rule-table.js";

/** Whether every sample the pattern matches holds one of the literals (case aside). */
function holdsOneIn(pattern: string, samples: string[], literals: string[] | null): void {
  expect(literals).not.toBeNull();
  const regex = new RegExp(pattern, "i");
  for (const sample of samples) {
    const m = regex.exec(sample);
    expect({ sample, matches: m !== null }).toEqual({ sample, matches: true });
    expect({ sample, held: literals!.some((l) => m![0].toLowerCase().includes(l)) }).toEqual({ sample, held: true });
  }
}

describe("required literals through groups of plain alternatives", () => {
  it("multiplies the text around a group, and keeps what every match holds", () => {
    const pattern = String.raw`\bSHA(?:256|384|512)\.(?:Create|HashData)\s*\(`;
    expect(requiredLiterals(pattern)?.sort()).toEqual(["sha256.create", "sha256.hashdata", "sha384.create", "sha384.hashdata", "sha512.create", "sha512.hashdata"]);
    holdsOneIn(pattern, ["using var h = SHA256.Create();", "var d = SHA512.HashData(bytes);", "SHA384.create ("], requiredLiterals(pattern));
  });

  it("reads an empty alternative as the text around it alone", () => {
    const pattern = String.raw`(?:|pre_)token_value\b`;
    expect(requiredLiterals(pattern)?.sort()).toEqual(["pre_token_value", "token_value"]);
    holdsOneIn(pattern, ["x = token_value", "x = pre_token_value"], requiredLiterals(pattern));
  });

  it("does not multiply a group that may be absent, repeats, or would give too many strings", () => {
    expect(requiredLiterals(String.raw`abc(?:def|ghi)?jkl`)?.sort()).toEqual(["abc"]);
    expect(requiredLiterals(String.raw`abc(?:def|ghi)+jkl`)?.sort()).toEqual(["abc"]);
    const wide = String.raw`key(?:a|b|c|d|e)(?:f|g|h|i|j)_id`;
    holdsOneIn(wide, ["keyag_id", "keyej_id"], requiredLiterals(wide));
  });

  it("gives each rule's pattern literals its own matches hold (the rules' documented examples)", () => {
    // A sample of rules whose literals the groups changed, each with a line it matches.
    const samples: Record<string, string[]> = {
      "authentication-skipped": ["  skip_before_action :authenticate_user!"],
      "verbose-request-logging": ["    logging.level = HttpLoggingInterceptor.Level.BODY"],
    };
    for (const [id, lines] of Object.entries(samples)) {
      const rule = RULES.find((r) => r.id === id && r.pattern && new RegExp(r.pattern, "i").test(lines[0]));
      expect({ id, found: rule !== undefined }).toEqual({ id, found: true });
      holdsOneIn(rule!.pattern!, lines, scannableLiterals(rule!.pattern!));
    }
  });
});
