// Hostile input: very long lines, many repeats of what rules look for, deep brackets. The work the rules do must stay
// proportional to the size of the patch (counted as characters handed to regular expressions, not as time), and the
// result must stay right: pathological lines yield nothing, a real finding next to them is still reported.
import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import type { ChangedFile } from "../../src/engine/index.js";
import { enclosingCall, parenthesesWalked } from "../../src/engine/analyzer/detectors/log-sensitive-words.js";
import { configuration, input } from "./support/configuration.js";
import { meteredExec, originalExec, type RegexMeter } from "./support/regex-work.js";

/** Counts every regular-expression execution (exec, test, replace, match all go through exec once it is replaced). */
const meter: RegexMeter = { calls: 0, chars: 0 };
beforeEach(() => {
  meter.calls = 0;
  meter.chars = 0;
  RegExp.prototype.exec = meteredExec(meter);
});
afterEach(() => { RegExp.prototype.exec = originalExec; });

const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const patchOf = (lines: string[]) => `@@ -1,${lines.length} +1,${lines.length} @@\n${lines.join("\n")}`;
const sizeOf = (files: ChangedFile[]) => files.reduce((sum, f) => sum + (f.patch?.length ?? 0), 0);

describe("adversarial input", () => {
  it("keeps the work linear in the patch size and still finds the real change beside pathological lines", async () => {
    const units = [" ", "a.", "password=", "\"Action\": \"*\", ", "days 1 ", "md5(", "identify(", "messages.create(", "((((", "ADD [ssn] ", "purge cron ", "-----BEGIN ", "AllowAnonymous admin "];
    const files: ChangedFile[] = [];
    for (const [n, ext] of ["ts", "py", "java", "rb", "cs", "tf", "yaml", "sql"].entries()) {
      const lines: string[] = [];
      for (const unit of units) for (let i = 0; i < 8; i++) lines.push(`${i % 2 ? "+" : "-"}${repeat(unit, 1990)}`);
      lines.push("+    rejectUnauthorized: false,");
      files.push({ path: `src/hostile${n}/file.${ext}`, status: "modified", patch: patchOf(lines) });
    }
    const size = sizeOf(files);
    const result = await review(input(files), configuration());
    // The real change is found in every kind the TLS rule reads (all but SQL), beside the pathological lines.
    expect(result.findings.filter((f) => f.ruleId === "tls-verification-disabled").map((f) => f.path).sort()).toEqual(files.filter((f) => !f.path.endsWith(".sql")).map((f) => f.path).sort());
    // About 9 characters read per patch character today (one scan per rule set and detector, each candidate line
    // read again by its rules); a rescan per line or an unbounded window would multiply this by the line count.
    expect(meter.chars).toBeLessThan(30 * size);
    expect(meter.calls).toBeLessThan(200 * files.reduce((sum, f) => sum + f.patch!.split("\n").length, 0));
  });

  it("reads a file's docstrings, entry points and YAML sections once, however many secret-like lines ask about them", async () => {
    const filesOf = (n: number): ChangedFile[] => [
      { path: "app/tokens.py", status: "modified", patch: patchOf(['+def tokens():', '+    """Example token dicts::', ...Array.from({ length: n }, (_, i) => `+        {'access_token': 'askfjh234as9sd8${i}'},`), '+    """']) },
      // A demo program hashing literals: each asks whether its hunk has an entry point (found only at the end).
      { path: "src/demo/hashes.py", status: "modified", patch: patchOf([...Array.from({ length: n }, (_, i) => [`+password_${i} = "Xk29dLq8vPz3${i}"`, `+digest_${i} = md5(password_${i})`]).flat(), '+if __name__ == "__main__":']) },
      // Rails-style secrets under `development:`: each asks which top-level section it sits in.
      { path: "config/secrets.yml", status: "modified", patch: patchOf(["+development:", ...Array.from({ length: n }, (_, i) => `+  db${i}_password: Xk29dLq8vPz3${i}`)]) },
    ];
    const charsRead = async (n: number, file: number): Promise<number> => {
      meter.chars = 0;
      await review(input([filesOf(n)[file]]), configuration());
      return meter.chars;
    };
    // Twice the lines, about twice the reading; asking each line about the whole file would make it four times.
    for (const file of [0, 1, 2]) {
      const [once, twice] = [await charsRead(600, file), await charsRead(1200, file)];
      expect({ file, growth: Math.round((twice / once) * 10) / 10 <= 2.4 }).toEqual({ file, growth: true });
    }
  });

  it("asks the removed side about an SDK's initialisation once, however many added lines initialise it", async () => {
    // Every added line initialises Sentry and so does a removed one (an edit, not a new service): each added line
    // asked the whole removed text again.
    const fileOf = (n: number): ChangedFile => ({
      path: "src/monitoring.ts",
      status: "modified",
      patch: patchOf(Array.from({ length: n }, (_, i) => [`-Sentry.init({ dsn: dsns[${i}], release: "a${i}" });`, `+Sentry.init({ dsn: dsns[${i}], release: "b${i}" });`]).flat()),
    });
    const charsRead = async (n: number): Promise<number> => {
      meter.chars = 0;
      const result = await review(input([fileOf(n)]), configuration());
      expect(result.findings.filter((f) => f.ruleId === "third-party-sdk-added")).toEqual([]);
      return meter.chars;
    };
    const [once, twice] = [await charsRead(1000), await charsRead(2000)];
    expect(Math.round((twice / once) * 10) / 10).toBeLessThanOrEqual(2.4);
  });

  it("reads a Laravel routes file's groups once, however many admin routes it adds", async () => {
    // Each added admin route asks whether an authenticating group is open around it: reading the file from its top for
    // each route was quadratic in the routes.
    const fileOf = (n: number): ChangedFile => ({
      path: "routes/api.php",
      status: "added",
      patch: `@@ -0,0 +1,${n + 2} @@\n+<?php\n+use Illuminate\\Support\\Facades\\Route;\n${Array.from({ length: n }, (_, i) => `+Route::get('admin/report${i}', [ReportController::class, 'show${i}']);`).join("\n")}`,
    });
    const charsRead = async (n: number): Promise<number> => {
      meter.chars = 0;
      const result = await review(input([fileOf(n)]), configuration());
      expect(result.findings.map((f) => f.area)).toContain("access_mfa");
      return meter.chars;
    };
    const [once, twice] = [await charsRead(1000), await charsRead(2000)];
    expect(Math.round((twice / once) * 10) / 10).toBeLessThanOrEqual(2.4);
  });

  it("maps a log call's parentheses once, however many personal-data names sit inside a call that does not log them", async () => {
    // isValid(user.email, ...) inside a log: each name asks which call encloses it; reading back from each was quadratic.
    const fileOf = (names: number): ChangedFile => ({
      path: "src/signup.ts",
      status: "modified",
      patch: patchOf(Array.from({ length: 200 }, (_, i) => `+    logger.info("checked", isValid${i}(${Array.from({ length: names }, () => "user.email").join(", ")}));`)),
    });
    const walked = async (names: number): Promise<number> => {
      parenthesesWalked.characters = 0;
      const result = await review(input([fileOf(names)]), configuration());
      expect(result.findings).toEqual([]);
      return parenthesesWalked.characters;
    };
    const [once, twice] = [await walked(80), await walked(160)];
    expect(once).toBeGreaterThan(0);
    // Each line's arguments are walked a bounded number of times: twice the names, about twice the walk (not four times).
    expect(Math.round((twice / once) * 10) / 10).toBeLessThanOrEqual(2.2);
    expect(twice).toBeLessThan(4 * fileOf(160).patch!.length);
  });

  it("finds the same enclosing call as reading back from each position, balanced or not", () => {
    // The earlier reading: back from the position, any closer opens a level; "[" and "{" at the top are looked through.
    const readBack = (code: string, index: number): string | null => {
      let depth = 0;
      for (let i = index - 1; i >= 0; i--) {
        const ch = code[i];
        if (ch === ")" || ch === "]" || ch === "}") depth++;
        else if (ch === "[" || ch === "{") { if (depth > 0) depth--; }
        else if (ch === "(") {
          if (depth > 0) { depth--; continue; }
          return /([A-Za-z_$][\w$]*!?)\s*$/.exec(code.slice(Math.max(0, i - 60), i))?.[1] ?? "";
        }
      }
      return null;
    };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const alphabet = ["(", ")", "[", "]", "{", "}", "f(", "str(", "a", ", ", " "];
    const differences: string[] = [];
    for (let n = 0; n < 2000; n++) {
      const code = Array.from({ length: 1 + (next() % 30) }, () => alphabet[next() % alphabet.length]).join("");
      for (let i = 0; i <= code.length; i++) if (enclosingCall(code, i) !== readBack(code, i)) differences.push(`${code} @${i}`);
    }
    expect(differences).toEqual([]);
  });

  it("ignores a multi-megabyte line and an unbalanced call whose arguments never close", async () => {
    const huge = `+${repeat("rejectUnauthorized: false, ", 3_000_000)}`;
    const unclosed = ["+    const r = await client.messages.create(", ...Array.from({ length: 5000 }, (_, i) => `+      { role: "user", content: ticket.body${i} ((((`)];
    const files: ChangedFile[] = [
      { path: "src/bundle.min.js", status: "modified", patch: patchOf([huge]) },
      { path: "src/support/summarise.ts", status: "modified", patch: patchOf(unclosed) },
    ];
    const size = sizeOf(files);
    const result = await review(input(files), configuration());
    expect(result.findings.filter((f) => f.path === "src/bundle.min.js")).toEqual([]);
    // The prompt carries ticket data: reported once, from an argument read up to a bounded length.
    expect(result.findings.filter((f) => f.ruleId === "ai-data-sent").length).toBe(1);
    expect(meter.chars).toBeLessThan(20 * size);
  });

  it("reports one finding per rule and hunk however often a line repeats", async () => {
    const lines = Array.from({ length: 20_000 }, () => "+    rejectUnauthorized: false,");
    const result = await review(input([{ path: "src/tls.ts", status: "modified", patch: patchOf(lines) }]), configuration());
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ ruleId: "tls-verification-disabled", startLine: 1, line: 20_000 });
  });
});
