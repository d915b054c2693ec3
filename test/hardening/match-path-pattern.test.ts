// Ignore patterns come from repositories: matching is linear in the path for any pattern, agrees
// with the gitignore-like rules the summary documents, and oversized lists are refused.
import { describe, expect, it } from "@jest/globals";
import {
  compileIgnoreMatcher,
  compilePathPattern,
  matchesPathPattern,
  matchPathPattern,
  MAX_IGNORE_PATTERNS,
  refuseIgnorePatterns,
} from "../../src/github/review/match-path-pattern.js";
import { validateRepositoryConfig } from "../../src/github/repository-config.js";
import { selectReviewableFiles } from "../../src/github/review/select-reviewable-files.js";

/** The bound the matcher promises: every state entered at most once per position. */
const bound = (path: string, pattern: string) => (path.length + 1) * compilePathPattern(pattern).states.length;

describe("ignore pattern matching", () => {
  it("answers the issue's catastrophic inputs in a bounded number of steps", () => {
    const cases = [
      { pattern: "*a*a*a*a*a*a*b", path: "a".repeat(80) },
      { pattern: "**a**a**a**a**a**b", path: "a".repeat(200) },
      { pattern: "**a**a**a**a**a**b", path: `${"a/".repeat(100)}` },
    ];
    for (const { pattern, path } of cases) {
      const result = matchPathPattern(path, pattern);
      expect(result.matched).toBe(false);
      expect(result.steps).toBeLessThanOrEqual(bound(path, pattern));
      // Linear: about 20 states here, so a few thousand steps, not the 10^9 a backtracking regex takes.
      expect(result.steps).toBeLessThan(20_000);
      expect(matchesPathPattern(`${path}b`, pattern)).toBe(true);
    }
  });

  it("keeps the documented meaning of *, **, ?, anchoring and a trailing /", () => {
    const table: [string, string, boolean][] = [
      ["*.md", "README.md", true],
      ["*.md", "docs/guide/intro.md", true],
      ["*.md", "README.mdx", false],
      ["docs/", "docs/guide/setup.txt", true],
      ["docs/", "docs", false],
      ["docs/", "src/docs/a.ts", true],
      ["/docs/*.txt", "docs/a.txt", true],
      ["docs/*.txt", "docs/sub/a.txt", false],
      ["docs/**/*.txt", "docs/a.txt", true],
      ["docs/**/*.txt", "docs/x/y/a.txt", true],
      ["src/**", "src/a/b/c.ts", true],
      ["**/*.md", "README.md", true],
      ["?.ts", "a.ts", true],
      ["?.ts", "ab.ts", false],
      ["build", "packages/app/build/out.js", true],
      ["./src/gen", "src/gen/x.ts", true],
      ["a.b", "axb", false],
      ["fixtures", "test/fixtures", true],
    ];
    for (const [pattern, path, expected] of table) expect([pattern, path, matchesPathPattern(path, pattern)]).toEqual([pattern, path, expected]);
  });

  it("agrees with the former regular-expression translation on random small inputs", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const pick = (alphabet: string[], max: number) => Array.from({ length: 1 + random(max) }, () => alphabet[random(alphabet.length)]).join("");
    for (let i = 0; i < 5000; i++) {
      const pattern = pick(["a", "b", "/", "*", "**", "?", "**/", ".", "***/"], 6);
      const path = pick(["a", "b", "/", "."], 10);
      expect([pattern, path, matchesPathPattern(path, pattern)]).toEqual([pattern, path, formerRegExp(pattern).test(path)]);
    }
  });

  it("refuses too many, too long or too wild patterns, with a note for the summary", () => {
    expect(refuseIgnorePatterns(["docs/", "**/*.md"])).toBeUndefined();
    expect(refuseIgnorePatterns(Array.from({ length: MAX_IGNORE_PATTERNS + 1 }, (_, i) => `p${i}`))).toMatch(/at most 50/);
    expect(refuseIgnorePatterns(["a".repeat(101)])).toMatch(/longer than 100 characters/);
    expect(refuseIgnorePatterns(["*a".repeat(17)])).toMatch(/17 wildcards; at most 16/);

    const refused = validateRepositoryConfig({ mode: "auto", ignore: ["docs/", "*a".repeat(20)] });
    expect(refused.ignore).toEqual([]);
    expect(refused.problem).toMatch(/^the `ignore` pattern `\*a\*a.*` has 20 wildcards; at most 16 are allowed$/);
  });

  it("selects files with a hostile but admitted pattern without blocking", () => {
    const files = [{ path: "a".repeat(200), status: "modified", patch: "@@ -1 +1 @@\n-a\n+b", additions: 1, deletions: 1 }];
    const { reviewable, skipped } = selectReviewableFiles(files as never, ["**a**a**a**a**a**b", "*a*a*a*a*a*a*b"]);
    expect(reviewable).toHaveLength(1);
    expect(skipped).toEqual([]);
  });
});

/** The translation to RegExp the matcher replaced (exponential on hostile input; fine on tiny ones). */
function formerRegExp(pattern: string): RegExp {
  let body = pattern.replace(/^\.\//, "");
  const directory = body.endsWith("/");
  if (directory) body = body.slice(0, -1);
  const anchored = body.includes("/");
  body = body.replace(/^\//, "");
  let source = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "*" && body[i + 1] === "*") {
      const slashAfter = body[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return directory ? new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}/.*$`) : new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}(?:/.*)?$`);
}

describe("one automaton for a whole ignore list", () => {
  it("matches exactly when some pattern matches, on random inputs", () => {
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const pick = (alphabet: string[], max: number) => Array.from({ length: 1 + random(max) }, () => alphabet[random(alphabet.length)]).join("");
    for (let i = 0; i < 300; i++) {
      const patterns = Array.from({ length: random(4) }, () => pick(["a", "b", "/", "*", "**", "?", "**/", "."], 5));
      const matcher = compileIgnoreMatcher(patterns);
      for (let j = 0; j < 20; j++) {
        const path = pick(["a", "b", "/", "."], 10);
        expect([patterns, path, matcher.matches(path)]).toEqual([patterns, path, patterns.some((p) => matchesPathPattern(path, p))]);
      }
    }
  });

  it("costs about one step per path character for the largest hostile list and 3,000 hostile paths", () => {
    // The most a repository may ask for: 50 patterns of 100 characters with 16 wildcards each.
    const patterns = Array.from({ length: MAX_IGNORE_PATTERNS }, (_, i) => `${"**a".repeat(8)}${"a".repeat(75)}${String.fromCharCode(98 + (i % 20))}`);
    expect(refuseIgnorePatterns(patterns)).toBeUndefined();
    const matcher = compileIgnoreMatcher(patterns);
    const paths = Array.from({ length: 3000 }, (_, i) => `${"a".repeat(250)}${i}`);
    const characters = paths.reduce((sum, p) => sum + p.length, 0);
    for (const path of paths) expect(matcher.matches(path)).toBe(false);
    // Reading: one step per character. Building DFA states: bounded by the states built (a few
    // hundred here) times the NFA states in each, paid once, not per file.
    expect(matcher.steps()).toBeLessThan(characters + 50_000_000);
    expect(matcher.steps() - characters).toBeLessThan(characters * 30);
  });
});
