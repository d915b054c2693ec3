// Pure rules of the evidence module: periods, OSCAL control tokens, finding references, the
// command's parsing.
import { describe, expect, it } from "@jest/globals";
import { controlToken } from "../../src/evidence/ledger/control-token.js";
import { nameUuid } from "../../src/evidence/ledger/name-uuid.js";
import { parsePeriod } from "../../src/evidence/ledger/parse-period.js";
import { findingReference, fingerprintsMatching } from "../../src/evidence/finding-reference.js";
import { parseEvidenceCommand } from "../../src/evidence/parse-evidence-command.js";
import { EvidenceError } from "../../src/evidence/types.js";

describe("parsePeriod", () => {
  it("months, quarters and inclusive days, in UTC", () => {
    expect(parsePeriod({ month: "2026-11" })).toEqual({ label: "2026-11", from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-12-01T00:00:00Z") });
    expect(parsePeriod({ month: "2026-12" }).to).toEqual(new Date("2027-01-01T00:00:00Z"));
    expect(parsePeriod({ quarter: "2026-Q4" })).toEqual({ label: "2026-Q4", from: new Date("2026-10-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") });
    expect(parsePeriod({ quarter: "2027-q1" }).label).toBe("2027-Q1");
    expect(parsePeriod({ from: "2026-11-01", to: "2026-11-15" })).toEqual({ label: "2026-11-01..2026-11-15", from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-16T00:00:00Z") });
  });

  it("refuses what is not a period", () => {
    for (const bad of [{ month: "2026-13" }, { month: "11-2026" }, { quarter: "2026-Q5" }, { from: "2026-02-30", to: "2026-03-01" }, { from: "2026-11-02", to: "2026-11-01" }]) {
      expect(() => parsePeriod(bad)).toThrow(EvidenceError);
    }
  });
});

describe("controlToken", () => {
  it("makes OSCAL tokens of the catalogue's control ids", () => {
    const token = /^(\p{L}|_)(\p{L}|\p{N}|[.\-_])*$/u;
    const cases: [string, string, string][] = [
      ["ISO_27001", "A.8.15", "iso_27001-a.8.15"],
      ["GDPR", "Art. 32(1)(b)", "gdpr-art.32.1.b"],
      ["HIPAA", "164.308(a)(1)(ii)(D)", "hipaa-164.308.a.1.ii.d"],
      ["NIST_800_53", "AU-2", "nist_800_53-au-2"],
      ["NIST_AI_RMF", "GOVERN 1.6", "nist_ai_rmf-govern_1.6"],
      ["AU_ESSENTIAL_EIGHT", "Multi-factor authentication", "au_essential_eight-multi-factor_authentication"],
    ];
    for (const [framework, id, expected] of cases) {
      expect(controlToken(framework, id)).toBe(expected);
      expect(controlToken(framework, id)).toMatch(token);
    }
  });

  it("name-based uuids are stable and of version 5", () => {
    expect(nameUuid("x")).toBe(nameUuid("x"));
    expect(nameUuid("x")).not.toBe(nameUuid("y"));
    expect(nameUuid("x")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("finding references", () => {
  it("are the fingerprint's first 7 characters, matched as a prefix", () => {
    expect(findingReference("3F9A2C1D00aa")).toBe("3f9a2c1");
    expect(fingerprintsMatching("3f9a2c1", ["3f9a2c1d00", "3f9a2c2e00"])).toEqual(["3f9a2c1d00"]);
    expect(fingerprintsMatching("3f9a2c", ["3f9a2c1d00", "3f9a2c2e00"])).toHaveLength(2);
  });
});

describe("parseEvidenceCommand", () => {
  it("reads accept with quoted, typographic, = and unquoted reasons", () => {
    expect(parseEvidenceCommand('/clearance accept 3F9A2C1 --reason "known; fixed later" --until 2026-12-31')).toEqual({ kind: "accept", reference: "3f9a2c1", reason: "known; fixed later", until: "2026-12-31" });
    expect(parseEvidenceCommand("/clearance accept 3f9a2c1 --reason „bekannt, wird behoben“")).toEqual({ kind: "accept", reference: "3f9a2c1", reason: "bekannt, wird behoben" });
    expect(parseEvidenceCommand('/clearance accept 3f9a2c1 --reason="it is fine"')).toEqual({ kind: "accept", reference: "3f9a2c1", reason: "it is fine" });
    expect(parseEvidenceCommand("/clearance accept 3f9a2c1 --reason it's a test fixture --until 2027-01-01")).toEqual({ kind: "accept", reference: "3f9a2c1", reason: "it's a test fixture", until: "2027-01-01" });
    expect(parseEvidenceCommand("Thanks!\r\n  /clearance accept 3f9a2c1 --reason « déjà chiffré »\r\n")).toEqual({ kind: "accept", reference: "3f9a2c1", reason: "déjà chiffré" });
  });

  it("reads help, and leaves other comments and quoted commands alone", () => {
    expect(parseEvidenceCommand("/clearance help")).toEqual({ kind: "help" });
    expect(parseEvidenceCommand("/Clearance HELP")).toEqual({ kind: "help" });
    for (const body of ["/clearance", "/clearance review", "> /clearance accept 3f9a2c1 --reason x", "please /clearance help", "/clearance helpme", "/clearance help me", null, ""]) {
      expect(parseEvidenceCommand(body)).toBeUndefined();
    }
  });

  it("names the problem with bad input", () => {
    expect(parseEvidenceCommand("/clearance accept")).toEqual({ kind: "invalid", problem: "missing_reference" });
    expect(parseEvidenceCommand("/clearance accept 3f9a2c1 --until 2026-12-01")).toEqual({ kind: "invalid", problem: "missing_reason" });
    expect(parseEvidenceCommand('/clearance accept 3f9a2c1 --reason "x" --until 2026-12-01 extra')).toEqual({ kind: "invalid", problem: "extra_argument", detail: "extra" });
    expect(parseEvidenceCommand('/clearance accept 3f9a2c1 --reason "x" --until')).toEqual({ kind: "invalid", problem: "bad_until", detail: "" });
    expect(parseEvidenceCommand('/clearance accept 3f9a2c1 --reason "x')).toEqual({ kind: "invalid", problem: "unclosed_quote" });
    expect(parseEvidenceCommand('/clearance accept 3f9a2c1 --because "x"')).toEqual({ kind: "invalid", problem: "unknown_option", detail: "--because" });
  });

  // The limit guards against super-linear parsing (the first version took 11 s on 60,000 spaces);
  // linear parsing of these inputs takes milliseconds. Not a benchmark.
  it("parses comments of GitHub's maximum size (65,536 characters) in linear time", () => {
    expect(parseEvidenceCommand(`/clearance accept 3f9a2c1 --reason ${"a ".repeat(32_000)}`)).toEqual({ kind: "invalid", problem: "reason_too_long" });
    expect(parseEvidenceCommand(`/clearance accept 3f9a2c1${" ".repeat(65_000)}x`)).toEqual({ kind: "invalid", problem: "extra_argument", detail: "x" });
    expect(parseEvidenceCommand(`/clearance accept 3f9a2c1 --reason ${"„a“ ".repeat(16_000)}`)).toEqual({ kind: "invalid", problem: "reason_too_long" });
    expect(parseEvidenceCommand(`/clearance accept 3f9a2c1 --reason ${"„".repeat(65_000)}`)).toEqual({ kind: "invalid", problem: "unclosed_quote" });
  }, 5_000);
});
