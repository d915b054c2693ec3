// Finds, in one pass over a line, every occurrence of any of a few hundred literal strings (ASCII case-insensitive):
// an Aho–Corasick automaton compiled to a transition table. The analyzer uses it to learn which rules can match a
// line at all from the literals each rule's pattern requires (required-literals.ts), instead of running every
// rule's regex, or one regex alternation of all the literals, on every line.
// Written here rather than taken from npm: the published automata return an object per match and fold case with
// Unicode rules; this scan allocates nothing, and folds exactly as a non-Unicode /i regex does (see below).

/**
 * A non-Unicode /i regex never matches an ASCII letter with a non-ASCII character (ſ is not s, K is not k), so
 * folding A–Z to a–z and treating every character at or above 128 as "no literal character" matches exactly what
 * the rules' own patterns would. Literals must therefore be ASCII; callers pass a literal's ASCII part otherwise.
 */
export const isAsciiLiteral = (literal: string): boolean => /^[\x00-\x7f]+$/.test(literal);

export class LiteralAutomaton {
  /** Character code (< 128) to input class; 0 is "any other character". */
  private readonly classOf = new Uint8Array(128);
  private readonly classes: number;
  /** Next state, at state * classes + class. */
  private readonly next: Int32Array;
  /** The values of the literals that end in state s (its failure states' included): outputs[outputFrom[s]..outputFrom[s + 1]). */
  private readonly outputFrom: Int32Array;
  private readonly outputs: Int32Array;

  /** `entries`: each literal with the value scan() reports for it (several literals may share a value). */
  constructor(entries: ReadonlyArray<readonly [literal: string, value: number]>) {
    let classes = 1;
    for (const [literal] of entries) {
      if (literal.length === 0 || !isAsciiLiteral(literal)) throw new Error(`LiteralAutomaton: a literal must be non-empty ASCII: ${JSON.stringify(literal)}`);
      for (const ch of literal.toLowerCase()) {
        const code = ch.charCodeAt(0);
        if (this.classOf[code] === 0) this.classOf[code] = classes++;
      }
    }
    for (let upper = 65; upper <= 90; upper++) this.classOf[upper] = this.classOf[upper + 32];
    this.classes = classes;

    // The trie, then failure links breadth-first; each state's outputs include those of its failure state.
    const children: Array<Map<number, number>> = [new Map()];
    const ends: Array<Set<number>> = [new Set()];
    for (const [literal, value] of entries) {
      let state = 0;
      for (const ch of literal.toLowerCase()) {
        const cls = this.classOf[ch.charCodeAt(0)];
        let child = children[state].get(cls);
        if (child === undefined) {
          child = children.length;
          children.push(new Map());
          ends.push(new Set());
          children[state].set(cls, child);
        }
        state = child;
      }
      ends[state].add(value);
    }
    const count = children.length;
    const next = new Int32Array(count * classes);
    const fail = new Int32Array(count);
    const order: number[] = [];
    for (const [cls, child] of children[0]) { next[cls] = child; order.push(child); }
    for (let head = 0; head < order.length; head++) {
      const state = order[head];
      for (const value of ends[fail[state]]) ends[state].add(value);
      for (let cls = 0; cls < classes; cls++) {
        const child = children[state].get(cls);
        const viaFailure = next[fail[state] * classes + cls];
        if (child === undefined) { next[state * classes + cls] = viaFailure; continue; }
        fail[child] = viaFailure;
        next[state * classes + cls] = child;
        order.push(child);
      }
    }
    this.next = next;
    this.outputFrom = new Int32Array(count + 1);
    const flat: number[] = [];
    for (let state = 0; state < count; state++) {
      this.outputFrom[state] = flat.length;
      flat.push(...ends[state]);
    }
    this.outputFrom[count] = flat.length;
    this.outputs = Int32Array.from(flat);
  }

  /** Sets marks[value] = stamp for the value of every literal that occurs in `text`; returns whether any did. */
  mark(text: string, marks: Uint32Array, stamp: number): boolean {
    const { classOf, classes, next, outputFrom, outputs } = this;
    let state = 0;
    let found = false;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      state = next[state * classes + (code < 128 ? classOf[code] : 0)];
      for (let o = outputFrom[state], end = outputFrom[state + 1]; o < end; o++) {
        marks[outputs[o]] = stamp;
        found = true;
      }
    }
    return found;
  }
}
