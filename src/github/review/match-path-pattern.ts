// Gitignore-like path patterns for the `ignore` key: "*" stays within a directory, "**" crosses
// directories, a pattern without "/" matches a file or directory name anywhere, a trailing "/"
// matches everything below a directory.
//
// Patterns come from repositories, so matching must not backtrack: a JavaScript RegExp (ours
// before, and picomatch/minimatch, which also compile to RegExp) takes exponential time on
// `*a*a*a*a*a*a*b`. Each pattern is compiled to a small NFA and run by state-set simulation
// (Thompson's construction): at most (path length + 1) × (states) steps, whatever the input.

/** Limits on what a repository may ask for, refused with a note in the summary. */
export const MAX_IGNORE_PATTERNS = 50;
export const MAX_PATTERN_LENGTH = 100;
export const MAX_PATTERN_WILDCARDS = 16;

type CharClass = { kind: "char"; char: string } | { kind: "not_slash" } | { kind: "any" };

interface State {
  /** The one character edge a state may have. */
  on?: CharClass;
  to?: number;
  /** Edges taken without consuming a character. */
  epsilon: number[];
}

export interface CompiledPathPattern {
  states: State[];
  accept: number;
  /** Per state: its character class (0 none, 1 one char, 2 not "/", 3 any), the char, and the target. */
  kind: Uint8Array;
  code: Uint16Array;
  to: Int32Array;
  /** Per state: every state reachable from it by epsilon edges, itself included. */
  closure: Int32Array[];
}

export interface MatchResult {
  matched: boolean;
  /** States visited: bounded by (path length + 1) × (states), which the tests assert. */
  steps: number;
}

export function matchesPathPattern(path: string, pattern: string): boolean {
  return matchPathPattern(path, pattern).matched;
}

export function matchPathPattern(path: string, pattern: string): MatchResult {
  return runPattern(compilePathPattern(pattern), path);
}

/** Why a repository's ignore list is refused (too many, too long, too many wildcards), or undefined. */
export function refuseIgnorePatterns(patterns: readonly string[]): string | undefined {
  if (patterns.length > MAX_IGNORE_PATTERNS) {
    return `\`ignore\` lists ${patterns.length} patterns; at most ${MAX_IGNORE_PATTERNS} are allowed`;
  }
  for (const pattern of patterns) {
    const shown = pattern.length > 40 ? `${pattern.slice(0, 40)}…` : pattern;
    if (pattern.length > MAX_PATTERN_LENGTH) {
      return `the \`ignore\` pattern \`${shown}\` is longer than ${MAX_PATTERN_LENGTH} characters`;
    }
    const wildcards = pattern.match(/[*?]/g)?.length ?? 0;
    if (wildcards > MAX_PATTERN_WILDCARDS) {
      return `the \`ignore\` pattern \`${shown}\` has ${wildcards} wildcards; at most ${MAX_PATTERN_WILDCARDS} are allowed`;
    }
  }
  return undefined;
}

const cache = new Map<string, CompiledPathPattern>();
const CACHE_LIMIT = 1000;

export function compilePathPattern(pattern: string): CompiledPathPattern {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const states: State[] = [];
  const add = (): number => states.push({ epsilon: [] }) - 1;
  let current = add();
  const char = (on: CharClass) => {
    const next = add();
    states[current]!.on = on;
    states[current]!.to = next;
    current = next;
  };
  /** X* : a self loop on the current state, then an epsilon edge out of it. */
  const repeat = (on: CharClass) => {
    const loop = current;
    states[loop]!.on = on;
    states[loop]!.to = loop;
    const next = add();
    states[loop]!.epsilon.push(next);
    current = next;
  };
  /** (?:.*\/)? : any number of leading directories, or none. */
  const optionalDirectories = () => {
    const start = current;
    const inside = add();
    const slash = add();
    const end = add();
    states[start]!.epsilon.push(inside, end);
    states[inside]!.on = { kind: "any" };
    states[inside]!.to = inside;
    states[inside]!.epsilon.push(slash);
    states[slash]!.on = { kind: "char", char: "/" };
    states[slash]!.to = end;
    current = end;
  };

  let body = pattern.replace(/^\.\//, "");
  const directory = body.endsWith("/");
  if (directory) body = body.slice(0, -1);
  const anchored = body.includes("/");
  body = body.replace(/^\//, "");

  if (!anchored) optionalDirectories();
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "*" && body[i + 1] === "*") {
      if (body[i + 2] === "/") {
        optionalDirectories();
        i += 2;
      } else {
        repeat({ kind: "any" });
        i += 1;
      }
    } else if (c === "*") repeat({ kind: "not_slash" });
    else if (c === "?") char({ kind: "not_slash" });
    else char({ kind: "char", char: c });
  }
  // A directory pattern needs something below it; any other pattern may also match a directory.
  const end = current;
  const below = add();
  const accept = add();
  states[end]!.on = { kind: "char", char: "/" };
  states[end]!.to = below;
  states[below]!.on = { kind: "any" };
  states[below]!.to = below;
  states[below]!.epsilon.push(accept);
  if (!directory) states[end]!.epsilon.push(accept);

  const kind = new Uint8Array(states.length);
  const code = new Uint16Array(states.length);
  const to = new Int32Array(states.length).fill(-1);
  states.forEach((state, i) => {
    if (!state.on || state.to === undefined) return;
    kind[i] = state.on.kind === "char" ? 1 : state.on.kind === "not_slash" ? 2 : 3;
    if (state.on.kind === "char") code[i] = state.on.char.charCodeAt(0);
    to[i] = state.to;
  });
  const closure = states.map((_, i) => {
    const seen = new Set<number>([i]);
    const stack = [i];
    while (stack.length > 0) for (const e of states[stack.pop()!]!.epsilon) if (!seen.has(e)) (seen.add(e), stack.push(e));
    return Int32Array.from(seen);
  });
  const compiled: CompiledPathPattern = { states, accept, kind, code, to, closure };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

const SLASH = 47;

function runPattern({ states, accept, kind, code, to, closure }: CompiledPathPattern, path: string): MatchResult {
  const n = states.length;
  // Two lists of active states and a stamp per state (the position it was last added at), so a
  // step allocates nothing.
  let current = new Int32Array(n);
  let next = new Int32Array(n);
  const stamp = new Int32Array(n).fill(-1);
  let size = 0;
  let steps = 0;
  for (const s of closure[0]!) {
    stamp[s] = 0;
    current[size++] = s;
    steps++;
  }
  for (let i = 0; i < path.length && size > 0; i++) {
    const c = path.charCodeAt(i);
    const position = i + 1;
    let nextSize = 0;
    for (let k = 0; k < size; k++) {
      const s = current[k]!;
      const on = kind[s]!;
      if (on === 0 || (on === 1 && c !== code[s]) || (on === 2 && c === SLASH)) continue;
      const targets = closure[to[s]!]!;
      for (let t = 0; t < targets.length; t++) {
        const target = targets[t]!;
        if (stamp[target] === position) continue;
        stamp[target] = position;
        next[nextSize++] = target;
        steps++;
      }
    }
    [current, next] = [next, current];
    size = nextSize;
  }
  // The accepting state was reached after the last character (or at the start, for "").
  return { matched: stamp[accept] === path.length, steps };
}

export interface IgnoreMatcher {
  matches(path: string): boolean;
  /** Work done so far: NFA states visited while building DFA states, plus one per character read. */
  steps(): number;
}

const MAX_DFA_STATES = 2000;

/**
 * One automaton for a whole ignore list: the patterns' NFAs joined under one start state and
 * determinised lazily (each set of NFA states becomes a DFA state the first time it is reached),
 * so a pull request's files cost one table lookup per path character, however many patterns and
 * files there are. The cache of DFA states is capped; past the cap it starts over, which keeps
 * memory bounded and matching correct.
 */
export function compileIgnoreMatcher(patterns: readonly string[]): IgnoreMatcher {
  const parts = patterns.map(compilePathPattern);
  const offsets: number[] = [];
  let total = 1; // state 0: the joint start
  for (const part of parts) {
    offsets.push(total);
    total += part.states.length;
  }
  const kind = new Uint8Array(total);
  const code = new Uint16Array(total);
  const to = new Int32Array(total).fill(-1);
  const accepting = new Uint8Array(total);
  const closure: Int32Array[] = [new Int32Array(0)];
  parts.forEach((part, p) => {
    const offset = offsets[p]!;
    kind.set(part.kind, offset);
    code.set(part.code, offset);
    part.to.forEach((target, s) => (to[offset + s] = target < 0 ? -1 : target + offset));
    accepting[offset + part.accept] = 1;
    part.closure.forEach((set, s) => (closure[offset + s] = set.map((t) => t + offset)));
  });
  const startSet = Int32Array.from(new Set(parts.flatMap((part, p) => Array.from(part.closure[0]!, (s) => s + offsets[p]!))));

  let steps = 0;
  const stamp = new Int32Array(total).fill(-1);
  let generation = 0;
  interface DfaState {
    set: Int32Array;
    accepting: boolean;
    next: Map<number, DfaState>;
  }
  // DFA states by a hash of their NFA set, compared in full on a hit (sets can be large: hashing
  // beats joining them into string keys).
  let byHash = new Map<number, DfaState[]>();
  let count = 0;
  let epoch = 0;
  // Sets are built in no particular order, so the hash is order-free (a sum of mixed members)
  // and equality is checked with a mark per state rather than by sorting.
  const hashOf = (set: Int32Array) => {
    let h = set.length;
    for (let i = 0; i < set.length; i++) h = (h + Math.imul(set[i]! ^ 0x5bd1e995, 0x27d4eb2d)) | 0;
    return h >>> 0;
  };
  const marks = new Int32Array(total).fill(-1);
  let markGeneration = 0;
  const sameSet = (a: Int32Array, b: Int32Array) => {
    if (a.length !== b.length) return false;
    markGeneration++;
    for (let i = 0; i < a.length; i++) marks[a[i]!] = markGeneration;
    for (let i = 0; i < b.length; i++) if (marks[b[i]!] !== markGeneration) return false;
    return true;
  };
  const intern = (set: Int32Array): DfaState => {
    const hash = hashOf(set);
    const found = byHash.get(hash)?.find((state) => sameSet(state.set, set));
    if (found) return found;
    if (count >= MAX_DFA_STATES) {
      // Start over: the old states become garbage once no match in progress holds them.
      byHash = new Map();
      count = 0;
      epoch++;
    }
    steps += set.length;
    const state: DfaState = { set, accepting: set.some((s) => accepting[s] === 1), next: new Map() };
    const bucket = byHash.get(hash);
    if (bucket) bucket.push(state);
    else byHash.set(hash, [state]);
    count++;
    return state;
  };
  let start = intern(startSet);
  let startEpoch = epoch;
  const step = (from: DfaState, c: number): DfaState => {
    const known = from.next.get(c);
    if (known) return known;
    generation++;
    const reached: number[] = [];
    for (const s of from.set) {
      steps++;
      const on = kind[s]!;
      if (on === 0 || (on === 1 && c !== code[s]) || (on === 2 && c === SLASH)) continue;
      for (const t of closure[to[s]!]!) {
        if (stamp[t] === generation) continue;
        stamp[t] = generation;
        reached.push(t);
      }
    }
    const target = intern(Int32Array.from(reached));
    if (from.next.size < 256) from.next.set(c, target);
    return target;
  };
  return {
    matches(path) {
      if (startEpoch !== epoch) {
        start = intern(startSet);
        startEpoch = epoch;
      }
      let state = start;
      for (let i = 0; i < path.length && state.set.length > 0; i++) {
        steps++;
        state = step(state, path.charCodeAt(i));
      }
      return state.accepting;
    },
    steps: () => steps,
  };
}
