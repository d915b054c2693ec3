// Gitignore-like path patterns for the `ignore` key: "*" stays within a directory, "**" crosses
// directories, a pattern without "/" matches a file or directory name anywhere, a trailing "/"
// matches everything below a directory.
//
// Patterns come from repositories, so matching must not backtrack: a JavaScript RegExp (ours
// before, and picomatch/minimatch, which also compile to RegExp) takes exponential time on
// `*a*a*a*a*a*a*b`. Each pattern is compiled to a small NFA and run by state-set simulation
// (Thompson's construction): at most (path length + 1) × (states) steps, whatever the input.

/** Limits on what a repository may ask for, refused with a note in the summary. */
export const MAX_IGNORE_PATTERNS = 100;
export const MAX_PATTERN_LENGTH = 200;
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

  const compiled = { states, accept };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

function runPattern({ states, accept }: CompiledPathPattern, path: string): MatchResult {
  let steps = 0;
  let active = new Uint8Array(states.length);
  let list: number[] = [];
  const enter = (set: Uint8Array, into: number[], state: number) => {
    const stack = [state];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (set[s]) continue;
      set[s] = 1;
      into.push(s);
      steps++;
      for (const e of states[s]!.epsilon) if (!set[e]) stack.push(e);
    }
  };
  enter(active, list, 0);
  for (let i = 0; i < path.length && list.length > 0; i++) {
    const c = path[i]!;
    const nextSet = new Uint8Array(states.length);
    const nextList: number[] = [];
    for (const s of list) {
      const { on, to } = states[s]!;
      if (on === undefined || to === undefined) continue;
      const fits = on.kind === "any" || (on.kind === "not_slash" ? c !== "/" : c === on.char);
      if (fits) enter(nextSet, nextList, to);
    }
    active = nextSet;
    list = nextList;
  }
  return { matched: active[accept] === 1, steps };
}
