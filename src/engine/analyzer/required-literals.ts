// The literal strings a regular expression cannot match without: at least one of them is in every match. The
// analyzer looks for these plain words first (literal-automaton.ts, one pass per line) and runs a pattern only on
// the lines that contain one. Written for the subset of syntax rules.yaml
// uses; anything it does not understand yields "no requirement", which only costs speed, never a finding.

import { isAsciiLiteral } from "./literal-automaton.js";

/**
 * exact: the text matches exactly this string; set: one of these strings is in every match (null: unknown); exacts: the
 * text matches exactly one of these strings (a group of plain alternatives, `(?:Create|HashData)`).
 */
type Info = { exact?: string; set?: string[] | null; exacts?: string[] };

/** Most strings a run of plain text and groups of plain alternatives expands to (`SHA(?:256|512)\.` -> sha256., sha512.). */
const MAX_RUNS = 16;

/** Two-character literals only when they hold punctuation (":*"); two letters are everywhere. */
const usefulForRules = (s: string) => s.length >= 3 || (s.length === 2 && /[^a-z0-9_]/.test(s));

/**
 * Everyday identifiers of code (get, run, call, send): a literal set made of them selects most lines, so between two
 * sets of the same shortest length the one with fewer of them gates better (`ask_gemini(` by "gemini", not by "ask").
 */
const COMMON_WORDS = new Set(["get", "set", "run", "call", "send", "query", "fetch", "ask", "invoke", "process", "add", "put", "new", "use", "open", "read", "write", "load", "save", "make", "create", "update", "delete", "find", "list", "post", "init", "data", "user", "name", "value", "item", "text", "type", "chat"]);

function better(a: string[] | null | undefined, b: string[] | null | undefined): string[] | null {
  if (!a) return b ?? null;
  if (!b) return a;
  const score = (s: string[]) => Math.min(...s.map((x) => x.length)) * 100 - s.length - 50 * s.filter((x) => COMMON_WORDS.has(x.toLowerCase())).length;
  return score(b) > score(a) ? b : a;
}

class Parser {
  private i = 0;
  constructor(private readonly src: string, private readonly useful: (s: string) => boolean) {}

  parse(): string[] | null {
    const result = this.alternation();
    const set = result.exact !== undefined ? (result.exact.length ? [result.exact] : null) : result.set ?? null;
    if (!set || !set.every(this.useful)) return null;
    return [...new Set(set)];
  }

  private alternation(): Info {
    const branches: Info[] = [this.sequence()];
    while (this.src[this.i] === "|") { this.i++; branches.push(this.sequence()); }
    if (branches.length === 1) return branches[0];
    const exacts = branches.every((b) => b.exact !== undefined) ? branches.map((b) => b.exact!) : undefined;
    const all: string[] = [];
    for (const b of branches) {
      const set = b.exact !== undefined ? (this.useful(b.exact) ? [b.exact] : null) : b.set;
      if (!set || !set.every(this.useful)) return { set: null, exacts };
      all.push(...set);
    }
    return { set: all, exacts };
  }

  private sequence(): Info {
    // The strings the plain text read so far may be, one of which every match holds there: one until a group of plain
    // alternatives (exactly once) multiplies them (`SHA(?:256|512)\.(?:Create|HashData)` holds sha256.create or ...).
    let runs = [""];
    let best: string[] | null = null;
    let pure = true;
    const flush = () => { if (runs.every(this.useful)) best = better(best, runs); runs = [""]; };
    while (this.i < this.src.length && this.src[this.i] !== "|" && this.src[this.i] !== ")") {
      const atom = this.atom();
      const quant = this.quantifier();
      if (quant === "zero") { pure = false; flush(); continue; }
      if (atom.zeroWidth) { if (atom.breaks) { pure = false; flush(); } continue; }
      if (quant === "one" && atom.exact !== undefined) { runs = runs.map((r) => r + atom.exact); continue; }
      // One-or-more of an exact atom: the atom itself is required, but the run cannot continue across it.
      pure = false;
      if (quant === "more" && atom.exact !== undefined) { runs = runs.map((r) => r + atom.exact); flush(); continue; }
      if (quant === "one" && atom.exacts !== undefined && runs.length * atom.exacts.length <= MAX_RUNS) {
        // What was read before is kept as a candidate of its own too (a group's strings may all be short).
        const before = runs;
        runs = before.flatMap((r) => atom.exacts!.map((e) => r + e));
        if (before.every((r) => r.length > 0) && before.every(this.useful)) best = better(best, before);
        continue;
      }
      flush();
      best = better(best, atom.exact !== undefined ? (this.useful(atom.exact) ? [atom.exact] : null) : atom.set);
    }
    if (pure) return { exact: runs[0] };
    flush();
    return { set: best };
  }

  /** "one" (exactly once), "more" (at least once, possibly more), "zero" (may be absent). */
  private quantifier(): "one" | "more" | "zero" {
    const c = this.src[this.i];
    let kind: "one" | "more" | "zero" = "one";
    if (c === "?" || c === "*") { this.i++; kind = "zero"; }
    else if (c === "+") { this.i++; kind = "more"; }
    else if (c === "{") {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.src.slice(this.i));
      if (m) { this.i += m[0].length; kind = Number(m[1]) === 0 ? "zero" : m[2] === undefined && m[1] === "1" ? "one" : "more"; }
    }
    if (this.src[this.i] === "?") this.i++; // lazy
    return kind;
  }

  private atom(): Info & { zeroWidth?: boolean; breaks?: boolean } {
    const c = this.src[this.i];
    if (c === "(") {
      this.i++;
      let look = false;
      if (this.src[this.i] === "?") {
        const m = /^\?(?::|=|!|<=|<!|<\w+>)/.exec(this.src.slice(this.i));
        if (m) { look = m[0] !== "?:" && !m[0].startsWith("?<") ? true : m[0] === "?<=" || m[0] === "?<!"; this.i += m[0].length; }
      }
      const inner = this.alternation();
      this.i++; // ")"
      return look ? { zeroWidth: true, breaks: true } : inner;
    }
    if (c === "[") {
      this.i++;
      if (this.src[this.i] === "^") this.i++;
      if (this.src[this.i] === "]") this.i++;
      while (this.i < this.src.length && this.src[this.i] !== "]") this.i += this.src[this.i] === "\\" ? 2 : 1;
      this.i++;
      return { set: null };
    }
    if (c === "\\") {
      const e = this.src[this.i + 1];
      this.i += 2;
      if (e === "b" || e === "B") return { zeroWidth: true, breaks: false };
      if (/[sSwWdDnrtfv0-9]/.test(e)) return { set: null };
      if (e === "x") { this.i += 2; return { set: null }; }
      if (e === "u") { this.i += 4; return { set: null }; }
      return { exact: e.toLowerCase() };
    }
    this.i++;
    if (c === "^" || c === "$") return { zeroWidth: true, breaks: true };
    if (c === ".") return { set: null };
    return { exact: c.toLowerCase() };
  }
}

/**
 * Lower-case literals, one of which every match of `source` (case-insensitive) contains; null when unknown.
 * `minLength` 2 accepts any two characters (a scan that checks its lines again can afford "sk").
 */
export function requiredLiterals(source: string, minLength: 2 | 3 = 3): string[] | null {
  try {
    return new Parser(source, minLength === 2 ? (s) => s.length >= 2 : usefulForRules).parse();
  } catch {
    return null;
  }
}

/**
 * For a pattern with no literal scannableLiterals() accepts: single characters (or longer literals), ASCII and not
 * letters or digits, one of which every match holds (`^\s*["']\*["']\s*$` needs "*"); null when there are none. A rule
 * gated by them runs on the lines that hold one instead of on every line.
 */
export function requiredPunctuation(pattern: string): string[] | null {
  let literals: string[] | null;
  try {
    literals = new Parser(pattern, (s) => s.length >= 1).parse();
  } catch {
    return null;
  }
  if (!literals || !literals.every((l) => isAsciiLiteral(l) && (l.length >= 2 || /^[^A-Za-z0-9]$/.test(l)))) return null;
  return literals;
}

/**
 * The literals the automaton can look for in place of the pattern's required ones: each as it is if ASCII, else its
 * longest ASCII stretch (every part of a required literal is required too); null when one has none worth scanning.
 */
export function scannableLiterals(pattern: string, minLength: 2 | 3 = 3): string[] | null {
  const literals = requiredLiterals(pattern, minLength);
  if (!literals) return null;
  const scannable: string[] = [];
  for (const literal of literals) {
    const ascii = isAsciiLiteral(literal) ? literal : (literal.match(/[\x00-\x7f]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), "");
    if (ascii.length < 2) return null;
    scannable.push(ascii);
  }
  return scannable;
}

const escapeLiteral = (l: string) => l.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A scan regex ("gi") of the literals the given patterns require, for candidateLines(); `fallback` when any pattern
 * has no usable literal. Callers test each candidate line with the real patterns.
 */
export function literalPrefilter(sources: string[], fallback: RegExp): RegExp {
  const literals = sources.map((source) => requiredLiterals(source));
  if (sources.length === 0 || literals.some((l) => l === null)) return fallback;
  const all = [...new Set(literals.flat() as string[])].sort((a, b) => b.length - a.length);
  return new RegExp(all.map(escapeLiteral).join("|"), "gi");
}
