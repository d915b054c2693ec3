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

/** Set in what mark() returns when it marked a value. */
export const MARKED = 1 << 31;

/** An entry value that, instead of marking, sets bit `n` (0–30) of what mark() returns. */
export const maskBit = (n: number): number => -1 - n;

export class LiteralAutomaton {
  /** ASCII character code to input class; 0 is "any other character" (all of 128 and above: see isAsciiLiteral). */
  private readonly classOf = new Uint8Array(128);
  private readonly classes: number;
  /**
   * The transition table: at row + class, the row of the next state (a state's row is its number times `classes`,
   * so the scan adds instead of multiplying). States where some literal ends are numbered last, from `endRow` on,
   * so the scan tells them apart with one comparison.
   */
  private readonly next: Int32Array;
  private readonly endRow: number;
  /** For the ending states, by (row - endRow) / classes: the mask bits of the literals that end there (its failure states' included), MARKED if it has values. */
  private readonly bits: Int32Array;
  /** The values of the literals that end in ending state e: values[valuesFrom[e]..valuesFrom[e + 1]). */
  private readonly valuesFrom: Int32Array;
  private readonly values: Int32Array;

  /**
   * `entries`: each literal with the value mark() marks for it, or a maskBit() it sets in the result (several
   * literals may share a value or a bit).
   */
  constructor(entries: ReadonlyArray<readonly [literal: string, value: number]>) {
    let classes = 1;
    for (const [literal, value] of entries) {
      if (literal.length === 0 || !isAsciiLiteral(literal)) throw new Error(`LiteralAutomaton: a literal must be non-empty ASCII: ${JSON.stringify(literal)}`);
      if (value < -31) throw new Error(`LiteralAutomaton: mask bit out of range: ${-1 - value}`);
      for (const ch of literal.toLowerCase()) {
        const code = ch.charCodeAt(0);
        if (this.classOf[code] === 0) this.classOf[code] = classes++;
      }
    }
    for (let upper = 65; upper <= 90; upper++) this.classOf[upper] = this.classOf[upper + 32];
    this.classes = classes;

    // The trie, written straight into the transition table (-1: no edge yet), then failure links breadth-first,
    // which fill in the missing edges; each state's outputs include those of its failure state. Tables, not maps:
    // automata are rebuilt whenever a detector scan is planned, so building must be cheap.
    let capacity = 1;
    for (const [literal] of entries) capacity += literal.length;
    const table = new Int32Array(capacity * classes).fill(-1);
    const outputs: Array<Set<number>> = [new Set()];
    let count = 1;
    for (const [literal, value] of entries) {
      let state = 0;
      for (const ch of literal.toLowerCase()) {
        const at = state * classes + this.classOf[ch.charCodeAt(0)];
        if (table[at] < 0) { table[at] = count++; outputs.push(new Set()); }
        state = table[at];
      }
      outputs[state].add(value);
    }
    const next = count <= 0xffff ? new Uint16Array(count * classes) : new Int32Array(count * classes);
    const fail = new Int32Array(count);
    const order: number[] = [];
    for (let cls = 0; cls < classes; cls++) {
      const child = table[cls];
      if (child >= 0) { next[cls] = child; order.push(child); }
    }
    for (let head = 0; head < order.length; head++) {
      const state = order[head];
      for (const value of outputs[fail[state]]) outputs[state].add(value);
      const row = state * classes;
      const failRow = fail[state] * classes;
      for (let cls = 0; cls < classes; cls++) {
        const child = table[row + cls];
        if (child < 0) { next[row + cls] = next[failRow + cls]; continue; }
        fail[child] = next[failRow + cls];
        next[row + cls] = child;
        order.push(child);
      }
    }
    // Renumber: states without outputs first (the root, which has none, stays 0), then the ending states.
    const renumbered = new Int32Array(count);
    let plain = 0;
    for (let state = 0; state < count; state++) if (outputs[state].size === 0) renumbered[state] = plain++;
    const endStates = count - plain;
    for (let state = 0, e = plain; state < count; state++) if (outputs[state].size > 0) renumbered[state] = e++;
    const rows = new Int32Array(count * classes);
    for (let state = 0; state < count; state++) {
      const from = state * classes;
      const to = renumbered[state] * classes;
      for (let cls = 0; cls < classes; cls++) rows[to + cls] = renumbered[next[from + cls]] * classes;
    }
    this.next = rows;
    this.endRow = plain * classes;
    this.bits = new Int32Array(endStates);
    this.valuesFrom = new Int32Array(endStates + 1);
    const flat: number[] = [];
    for (let state = 0; state < count; state++) {
      if (outputs[state].size === 0) continue;
      const e = renumbered[state] - plain;
      this.valuesFrom[e] = flat.length;
      for (const value of outputs[state]) {
        if (value >= 0) { flat.push(value); this.bits[e] |= MARKED; }
        else this.bits[e] |= 1 << (-1 - value);
      }
    }
    this.valuesFrom[endStates] = flat.length;
    this.values = Int32Array.from(flat);
  }

  /**
   * Sets marks[value] = stamp for the value of every literal that occurs in `text`, and returns the mask bits of
   * those that carry one, with MARKED when it marked anything (0: no literal occurs).
   */
  mark(text: string, marks: Uint32Array, stamp: number): number {
    const { classOf, classes, next, endRow, bits, valuesFrom, values } = this;
    let row = 0;
    let result = 0;
    for (let i = 0, n = text.length; i < n; i++) {
      const code = text.charCodeAt(i);
      row = next[row + (code < 128 ? classOf[code] : 0)];
      if (row < endRow) continue;
      const e = (row - endRow) / classes;
      result |= bits[e];
      for (let v = valuesFrom[e], end = valuesFrom[e + 1]; v < end; v++) marks[values[v]] = stamp;
    }
    return result;
  }
}
