// The detectors each scan a file side with a regex ("which lines could concern me?"): ten scans of the same text.
// This plans each such regex once into parts that one shared pass of a literal automaton can answer, and a residual
// regex for the rest, so that the set of lines selected is exactly the one the regex scan would select:
// - a scan over the joined text selects line k when some top-level alternative of the regex matches at a position
//   of line k; alternatives are independent, so the regex can be split into them;
// - an alternative that is a plain literal (small classes and optional characters expanded) matches at a position
//   of line k exactly when line k holds the literal: the automaton answers it (and, for a regex without the i flag,
//   the literals are checked again with their case on the lines that hold them);
// - an alternative that cannot see past its line (no \s, no lookaround, no class that matches a line break, ...)
//   and requires literals matches in the joined text exactly when it matches the line alone: lines holding one of
//   its literals are tested with it;
// - an alternative that starts with such a part (a prefix P that requires literals, then anything) can only match
//   at a position of line k where P matches line k alone: lines holding one of P's literals are checked by trying
//   the whole alternative, anchored, in the joined text at each position where P matches;
// - everything else is scanned over the joined text as before, as one residual regex; but an alternative whose
//   every match contains one of some literals cannot match a side where no line holds one: it is left out of the
//   scan there (one "gate" bit, shared by all plans, marks the lines that hold any such literal).
import { LiteralAutomaton, maskBit } from "./literal-automaton.js";
import { scannableLiterals } from "./required-literals.js";
import { matcherFor, type AlternativeMatcher } from "./residual-matchers.js";

export interface ScanPlan {
  /** Mask of the bits whose lines are selected as they are (literal alternatives of a caseless regex). */
  direct: number;
  /** Mask of the bits whose lines are selected when `verify` matches the line alone. */
  verifyMask: number;
  verify: RegExp | null;
  /** Mask of the bits whose lines are selected when one of `prefixed` matches there (prefixedAt()). */
  prefixMask: number;
  prefixed: PrefixedAlternative[];
  /** Scanned over the joined text ("g" and the source's flags); null when every alternative is planned. */
  residual: RegExp | null;
  /** The gate bit's mask when some residual alternatives require literals (0: none does). */
  gateMask: number;
  /** The residual without those alternatives: what is scanned on a side where no line has the gate bit. */
  ungated: RegExp | null;
  /** Alternatives with no literal that a hand-written matcher finds (residual-matchers.ts), on every side. */
  matchers: AlternativeMatcher[];
}

export interface PrefixedAlternative {
  /** The line-local prefix ("g"): every position where the alternative can match is one where this matches. */
  prefix: RegExp;
  /** The whole alternative ("y"), tried in the joined text at each such position. */
  anchored: RegExp;
}

/** Splits a regex source at its top-level "|"; null when the source holds something this does not read. */
export function splitAlternatives(source: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") { i++; continue; }
    if (c === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      if (i >= source.length) return null;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") { if (--depth < 0) return null; }
    else if (c === "|" && depth === 0) { parts.push(source.slice(start, i)); start = i + 1; }
  }
  if (depth !== 0) return null;
  parts.push(source.slice(start));
  return parts;
}

/** A trailing atom that may match nothing (`\s*`, `\(?`, `[,;]*`): removing it changes no match's start. */
const OPTIONAL_TAIL = /(?:\\.|\[(?:\\.|[^\]\\])*\]|[^\\()[\]|{}*+?])(?:\*|\?)\??$/;

/** The alternatives, with optional tails dropped and groups that make up a whole alternative opened. */
function flatten(source: string, out: string[]): boolean {
  const alternatives = splitAlternatives(source);
  if (!alternatives) return false;
  for (let alternative of alternatives) {
    for (let m = OPTIONAL_TAIL.exec(alternative); m && m.index > 0 && !/\\$/.test(alternative.slice(0, m.index)); m = OPTIONAL_TAIL.exec(alternative)) {
      alternative = alternative.slice(0, m.index);
    }
    const group = /^\((?:\?:|(?!\?))([\s\S]*)\)$/.exec(alternative);
    if (group && splitAlternatives(group[1]) !== null && wholeGroup(alternative)) {
      if (!flatten(group[1], out)) return false;
      continue;
    }
    out.push(alternative);
  }
  return true;
}

/** Whether the "(" at 0 closes at the very end (not "(a)|(b)" or "(a)(b)"). */
function wholeGroup(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") { i++; continue; }
    if (c === "[") { for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++; continue; }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i === source.length - 1;
  }
  return false;
}

const MAX_EXPANSION = 16;

/** The strings a literal alternative stands for (`licen[cs]e`, `delete_?after`, `hooks\.slack`); null if not one. */
export function literalExpansion(source: string): string[] | null {
  let strings = [""];
  for (let i = 0; i < source.length; ) {
    let options: string[];
    const c = source[i];
    if (c === "\\") {
      const e = source[i + 1];
      if (e === undefined || /[A-Za-z0-9]/.test(e)) return null;
      options = [e];
      i += 2;
    } else if (c === "[") {
      const end = source.indexOf("]", i);
      const body = source.slice(i + 1, end);
      if (end < 0 || body.length === 0 || !/^[A-Za-z0-9_]+$/.test(body)) return null;
      options = [...new Set(body)];
      i = end + 1;
    } else if (/[\^$.|?*+()[\]{}]/.test(c)) {
      return null;
    } else {
      options = [c];
      i++;
    }
    if (source[i] === "?" ) { options = [...options, ""]; i++; }
    if (/^[*+{?]/.test(source.slice(i))) return null;
    strings = strings.flatMap((s) => options.map((o) => s + o));
    if (strings.length > MAX_EXPANSION) return null;
  }
  if (strings.some((s) => s.length === 0 || /[^\x20-\x7e]/.test(s))) return null;
  return strings;
}

/**
 * Whether an alternative matches the same in the joined text as in its line alone: nothing in it can match or look
 * at a line break, and its anchors mean line start and end. Conservative: any doubt is "no".
 */
export function isLineLocal(source: string, flags: string): boolean {
  const CLASS = /\[(?:\\.|[^\]\\])*\]/g;
  const outside = source.replace(CLASS, "");
  if (/\\[sWDnrfvtxuc0-9kpP]|\(\?<?[=!]|[\n\r\u2028\u2029]/.test(outside)) return false;
  if (/(?<!\\)[\^$]/.test(outside) && !flags.includes("m")) return false;
  if (flags.includes("s") && /(?<!\\)\./.test(outside)) return false;
  for (const cls of source.match(CLASS) ?? []) {
    // A negated class is safe when it excludes the line break; a plain one when nothing in it can be one.
    if (cls.startsWith("[^") ? !cls.includes("\\n") : /\\[sWDnrfvxuc0-9pP]|[\n\r\u2028\u2029]/.test(cls)) return false;
  }
  return true;
}

export interface PlannedLiterals {
  literal: string;
  bit: number;
}

/** The atoms of a sequence (no top-level "|"), each with its quantifier; null when unreadable. */
export function sequenceAtoms(source: string): string[] | null {
  const atoms: string[] = [];
  let i = 0;
  while (i < source.length) {
    const start = i;
    const c = source[i];
    if (c === "\\") {
      const e = source[i + 1];
      i += e === "x" ? 4 : e === "u" ? (source[i + 2] === "{" ? source.indexOf("}", i) + 1 : 6) : e === "c" ? 3 : 2;
    } else if (c === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      i++;
    } else if (c === "(") {
      let depth = 0;
      for (; i < source.length; i++) {
        const d = source[i];
        if (d === "\\") { i++; continue; }
        if (d === "[") { for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++; continue; }
        if (d === "(") depth++;
        else if (d === ")" && --depth === 0) break;
      }
      i++;
    } else if (c === "|" || c === ")") {
      return null;
    } else {
      i++;
    }
    if (i > source.length || i <= start) return null;
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(source.slice(i));
    if (quantifier) i += quantifier[0].length;
    atoms.push(source.slice(start, i));
  }
  return atoms;
}

/** The longest leading run of atoms that is line-local, when it requires literals; null otherwise. */
export function localPrefix(alternative: string, flags: string): { prefix: string; literals: string[] } | null {
  const atoms = sequenceAtoms(alternative);
  if (!atoms) return null;
  let end = 0;
  while (end < atoms.length && isLineLocal(atoms.slice(0, end + 1).join(""), flags)) end++;
  if (end === 0 || end === atoms.length) return null;
  const prefix = atoms.slice(0, end).join("");
  const literals = scannableLiterals(prefix, 2);
  return literals ? { prefix, literals } : null;
}

/**
 * Plans `regex` for the shared pass, with mask bits from `nextBit` on (as many as it needs, at most three), and
 * `gateBit` for the literals its residual alternatives require (a new bit when null: it is then `gateBit` in the
 * result). Returns the plan, the literals to add to the automaton and the number of bits used, or null when nothing
 * of it can be planned (the regex is then scanned as before).
 */
export function planScan(regex: RegExp, nextBit: number, gateBit: number | null = null): { plan: ScanPlan; literals: PlannedLiterals[]; bits: number; gateBit: number | null } | null {
  const flags = regex.flags.replace(/[gy]/g, "");
  if (/\\[1-9]|\\k</.test(regex.source)) return null;
  const alternatives: string[] = [];
  if (!flatten(regex.source, alternatives)) return null;
  const caseless = flags.includes("i");
  const direct: string[] = [];
  const verify: string[] = [];
  const verifyLiterals: string[] = [];
  const prefixed: Array<{ alternative: string; prefix: string; literals: string[] }> = [];
  const residual: string[] = [];
  const ungated: string[] = [];
  const gateLiterals: string[] = [];
  const matchers: AlternativeMatcher[] = [];
  for (const alternative of alternatives) {
    const expanded = literalExpansion(alternative);
    if (expanded && expanded.every((s) => s.length >= 2)) {
      if (caseless) direct.push(...expanded);
      else { verify.push(alternative); verifyLiterals.push(...expanded); }
      continue;
    }
    const required = isLineLocal(alternative, flags) ? scannableLiterals(alternative, 2) : null;
    if (required) {
      verify.push(alternative);
      verifyLiterals.push(...required);
      continue;
    }
    const prefix = localPrefix(alternative, flags);
    if (prefix) { prefixed.push({ alternative, ...prefix }); continue; }
    const matcher = matcherFor(alternative, flags);
    if (matcher) { matchers.push(matcher); continue; }
    residual.push(alternative);
    const gate = scannableLiterals(alternative, 2);
    if (gate) gateLiterals.push(...gate);
    else ungated.push(alternative);
  }
  if (direct.length + verifyLiterals.length + prefixed.length + gateLiterals.length + matchers.length === 0) return null;
  let bit = nextBit;
  const literals: PlannedLiterals[] = [];
  const take = (strings: string[]): number => {
    if (strings.length === 0) return 0;
    const b = bit++;
    for (const literal of strings) literals.push({ literal, bit: b });
    return 1 << b;
  };
  const directMask = take(direct);
  const verifyMask = take(verifyLiterals);
  const prefixMask = take(prefixed.flatMap((p) => p.literals));
  if (gateLiterals.length && gateBit === null) gateBit = bit++;
  for (const literal of gateLiterals) literals.push({ literal, bit: gateBit! });
  const gateMask = gateLiterals.length ? 1 << gateBit! : 0;
  const scanOf = (parts: string[]) => (parts.length ? new RegExp(parts.map((r) => `(?:${r})`).join("|"), `${flags}g`) : null);
  return {
    plan: {
      direct: directMask,
      verifyMask,
      verify: verify.length ? new RegExp(verify.map((v) => `(?:${v})`).join("|"), flags) : null,
      prefixMask,
      prefixed: prefixed.map((p) => ({ prefix: new RegExp(p.prefix, `${flags}g`), anchored: new RegExp(p.alternative, `${flags}y`) })),
      residual: scanOf(residual),
      gateMask,
      ungated: gateMask ? scanOf(ungated) : scanOf(residual),
      matchers,
    },
    literals,
    bits: bit - nextBit,
    gateBit,
  };
}

/**
 * Whether one of the prefixed alternatives matches at a position of line `i` of a side (its text `line`, at
 * `offset` in the joined text): tried, anchored, wherever its prefix matches the line alone.
 */
export function prefixedAt(prefixed: PrefixedAlternative[], line: string, joined: string, offset: number): boolean {
  for (const { prefix, anchored } of prefixed) {
    prefix.lastIndex = 0;
    for (let m = prefix.exec(line); m; m = prefix.exec(line)) {
      anchored.lastIndex = offset + m.index;
      if (anchored.test(joined)) return true;
      prefix.lastIndex = m.index + 1;
    }
  }
  return false;
}

/** Every planned scan shares one automaton; each plan owns up to three bits of a line's mask, and one is the gate's. */
export const MASK_BITS = 31;
const plans = new Map<RegExp, ScanPlan | null>();
let planned: PlannedLiterals[] = [];
let bitsUsed = 0;
let gateBit: number | null = null;
/** Changes whenever a plan is added: automata and masks made before then are made again. */
export let scanVersion = 0;

/** Plans are kept per regex object: a caller that built a new regex per call must not grow the map without end. */
const MAX_REGEXES = 256;

export function planFor(regex: RegExp): ScanPlan | null {
  let plan = plans.get(regex);
  if (plan !== undefined) return plan;
  if (plans.size >= MAX_REGEXES) return null;
  let made = planScan(regex, bitsUsed, gateBit);
  if (made && bitsUsed + made.bits > MASK_BITS) { made = null; refusedForBits++; }
  plan = made?.plan ?? null;
  plans.set(regex, plan);
  if (made) {
    bitsUsed += made.bits;
    gateBit = made.gateBit;
    planned = [...planned, ...made.literals];
    automata.clear();
    scanVersion++;
  }
  return plan;
}

let refusedForBits = 0;

/** How many of the MASK_BITS bits the plans made so far use, and how many regexes found too few left (scanned unplanned). */
export function scanBits(): { used: number; refused: number } {
  return { used: bitsUsed, refused: refusedForBits };
}

/** The regexes planned so far (for tests that compare planned and plain scans). */
export function plannedRegexes(): RegExp[] {
  return [...plans].filter(([, plan]) => plan !== null).map(([regex]) => regex);
}

const automata = new Map<string, LiteralAutomaton | null>();

/**
 * One automaton for `entries` (a rule set's literals, values from 0) and every planned scan's literals (mask bits),
 * so one pass over a line answers both; cached by `key` until a plan is added. Null when there is no literal at all.
 */
export function sharedAutomaton(key: string, entries: ReadonlyArray<readonly [string, number]>): LiteralAutomaton | null {
  let automaton = automata.get(key);
  if (automaton === undefined) {
    const all = [...entries, ...planned.map((p) => [p.literal, maskBit(p.bit)] as const)];
    automata.set(key, (automaton = all.length ? new LiteralAutomaton(all) : null));
  }
  return automaton;
}

const noMarks = new Uint32Array(0);

/** For each line, the bits of the plans whose literals it holds (for sides no rule set has read). */
export function lineMasks(texts: readonly string[]): Int32Array {
  const masks = new Int32Array(texts.length);
  if (texts.length === 0) return masks;
  const automaton = sharedAutomaton("", []);
  if (automaton) for (let i = 0; i < texts.length; i++) masks[i] = automaton.mark(texts[i], noMarks, 0);
  return masks;
}
