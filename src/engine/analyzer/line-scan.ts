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
// - everything else is scanned over the joined text as before, as one residual regex.
import { LiteralAutomaton, maskBit } from "./literal-automaton.js";
import { scannableLiterals } from "./required-literals.js";

export interface ScanPlan {
  /** Lines holding one of these (bit `direct` of the line's mask) are selected as they are. */
  direct: number;
  /** Lines holding one of these (bit `verify`) are selected when `verify` matches the line alone. */
  verifyBit: number;
  verify: RegExp | null;
  /** Scanned over the joined text ("g" and the source's flags); null when every alternative is planned. */
  residual: RegExp | null;
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

/**
 * Plans `regex` for the shared pass: `bits` gives the next free bit pair (direct, verify). Returns the plan and the
 * literals to add to the automaton, or null when nothing of it can be planned (the regex is scanned as before).
 */
export function planScan(regex: RegExp, direct: number, verifyBit: number): { plan: ScanPlan; literals: PlannedLiterals[] } | null {
  const flags = regex.flags.replace(/[gy]/g, "");
  if (/\\[1-9]|\\k</.test(regex.source)) return null;
  const alternatives: string[] = [];
  if (!flatten(regex.source, alternatives)) return null;
  const literals: PlannedLiterals[] = [];
  const residual: string[] = [];
  const verify: string[] = [];
  const caseless = flags.includes("i");
  for (const alternative of alternatives) {
    const expanded = literalExpansion(alternative);
    if (expanded && expanded.every((s) => s.length >= 2)) {
      for (const literal of expanded) literals.push({ literal, bit: caseless ? direct : verifyBit });
      if (!caseless) verify.push(alternative);
      continue;
    }
    const required = isLineLocal(alternative, flags) ? scannableLiterals(alternative, 2) : null;
    if (required) {
      for (const literal of required) literals.push({ literal, bit: verifyBit });
      verify.push(alternative);
      continue;
    }
    residual.push(alternative);
  }
  if (literals.length === 0) return null;
  return {
    plan: {
      direct,
      verifyBit,
      verify: verify.length ? new RegExp(verify.map((v) => `(?:${v})`).join("|"), flags) : null,
      residual: residual.length ? new RegExp(residual.map((r) => `(?:${r})`).join("|"), `${flags}g`) : null,
    },
    literals,
  };
}

/** Every planned scan shares one automaton; each plan owns two bits of a line's mask. */
const MAX_PLANS = 15;
const plans = new Map<RegExp, ScanPlan | null>();
let planned: PlannedLiterals[] = [];
let planCount = 0;
/** Changes whenever a plan is added: automata and masks made before then are made again. */
export let scanVersion = 0;

export function planFor(regex: RegExp): ScanPlan | null {
  let plan = plans.get(regex);
  if (plan !== undefined) return plan;
  const made = planCount < MAX_PLANS ? planScan(regex, 2 * planCount, 2 * planCount + 1) : null;
  plan = made?.plan ?? null;
  plans.set(regex, plan);
  if (made) {
    planCount++;
    planned = [...planned, ...made.literals];
    automata.clear();
    scanVersion++;
  }
  return plan;
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
  const automaton = sharedAutomaton("", []);
  const masks = new Int32Array(texts.length);
  if (automaton) for (let i = 0; i < texts.length; i++) masks[i] = automaton.mark(texts[i], noMarks, 0);
  return masks;
}
