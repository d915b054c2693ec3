// Finds, in one pass over a line, every occurrence of any of a few hundred literal strings (ASCII case-insensitive):
// an Aho–Corasick automaton run as a transition table whose rows and cells are made as scans first need them:
// building one costs about the literals' length, not states times characters, and only the states text reaches use
// memory. The analyzer uses it to learn which rules can match a line at all from the literals each rule's pattern requires (required-literals.ts), instead of running every
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

/** Rows an automaton starts with; the table doubles when scans reach more states. */
const INITIAL_ROWS = 256;

export class LiteralAutomaton {
  /** ASCII character code to input class; 0 is "any other character" (all of 128 and above: see isAsciiLiteral). */
  private readonly classOf = new Uint8Array(128);
  /** Cells per row of the table: the number of input classes rounded up to a power of two, so a row's number is row >> shift. */
  private readonly classes: number;
  private readonly shift: number;
  /**
   * The transition table, one row of `classes` cells per state that scans have reached so far, in the order they
   * first reached it (rows are allocated as they are needed, so an automaton costs memory for the states text takes,
   * not for every state: a dense table of all of them was most of an analyzer thread's memory). A cell holds the row
   * of the next state, negated when some literal ends there, or 0 while not yet computed, so the scan tells an
   * ordinary state from an ending or uncomputed one with one comparison. The root's row is `classes` (row 0 is none).
   */
  private next: Int32Array;
  /** Rows in use, the root's included, and by row number (row / classes) the state it belongs to. */
  private rows = 1;
  private readonly stateOfRow: Int32Array;
  /** By state number: its row number, or 0 while it has none. */
  private readonly rowOfState: Int32Array;
  /** States 1..endings are those where some literal ends; the root and the others follow. */
  private readonly endings: number;
  /** By state number: its failure state's (the longest proper suffix of its text that is a state). */
  private readonly failState: Int32Array;
  /** The trie, for computing cells: by state number, its first child's number, and by child, its next sibling's and its class. */
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly edgeClass: Uint8Array;
  /** For the ending states, by number - 1: the mask bits of the literals that end there (its failure states' included), MARKED if it has values. */
  private readonly bits: Int32Array;
  /** The values of the literals that end in ending state e: values[valuesFrom[e]..valuesFrom[e + 1]). */
  private readonly valuesFrom: Int32Array;
  private readonly values: Int32Array;
  /** No literal starts with a space or a tab: a line's indentation leaves the scan at the root, so mark() skips it. */
  private readonly blankAtRoot: boolean;

  /**
   * `entries`: each literal with the value mark() marks for it, or a maskBit() it sets in the result (several
   * literals may share a value or a bit).
   */
  constructor(entries: ReadonlyArray<readonly [literal: string, value: number]>) {
    const { classOf } = this;
    let classes = 1;
    let capacity = 1;
    let values = 0;
    for (const [literal, value] of entries) {
      if (value < -31) throw new Error(`LiteralAutomaton: mask bit out of range: ${-1 - value}`);
      for (let i = 0; i < literal.length; i++) {
        let code = literal.charCodeAt(i);
        if (code >= 128) throw new Error(`LiteralAutomaton: a literal must be non-empty ASCII: ${JSON.stringify(literal)}`);
        if (code >= 65 && code <= 90) code += 32;
        if (classOf[code] === 0) classOf[code] = classes++;
      }
      if (literal.length === 0) throw new Error(`LiteralAutomaton: a literal must be non-empty ASCII: ""`);
      capacity += literal.length;
      values = Math.max(values, value + 1);
    }
    for (let upper = 65; upper <= 90; upper++) classOf[upper] = classOf[upper + 32];
    this.shift = 32 - Math.clz32(classes - 1);
    this.classes = 1 << this.shift;

    // The trie, with provisional numbers (the root is 0): the root's children in a table, every state's in a list.
    const rootChild = new Int32Array(classes);
    const firstChild = new Int32Array(capacity);
    const nextSibling = new Int32Array(capacity);
    const edgeClass = new Uint8Array(capacity);
    const childOf = (state: number, cls: number): number => {
      if (state === 0) return rootChild[cls];
      for (let to = firstChild[state]; to !== 0; to = nextSibling[to]) if (edgeClass[to] === cls) return to;
      return 0;
    };
    // The values of the literals that end at each state, as lists.
    const firstValue = new Int32Array(capacity).fill(-1);
    const valueOf = new Int32Array(entries.length);
    const nextValue = new Int32Array(entries.length);
    let count = 1;
    for (let n = 0; n < entries.length; n++) {
      const [literal, value] = entries[n];
      let state = 0;
      for (let i = 0; i < literal.length; i++) {
        const cls = classOf[literal.charCodeAt(i)];
        let to = childOf(state, cls);
        if (to === 0) {
          to = count++;
          edgeClass[to] = cls;
          if (state === 0) rootChild[cls] = to;
          else { nextSibling[to] = firstChild[state]; firstChild[state] = to; }
        }
        state = to;
      }
      valueOf[n] = value;
      nextValue[n] = firstValue[state];
      firstValue[state] = n;
    }
    for (let cls = classes - 1; cls > 0; cls--) {
      const to = rootChild[cls];
      if (to !== 0) { nextSibling[to] = firstChild[0]; firstChild[0] = to; }
    }

    // Failure links breadth-first; a state ends a literal if it or its failure state does.
    const fail = new Int32Array(count);
    const ending = new Uint8Array(count);
    const order = new Int32Array(count);
    let endings = 0;
    for (let head = 0, tail = 1; head < tail; head++) {
      const state = order[head];
      for (let to = firstChild[state]; to !== 0; to = nextSibling[to]) {
        order[tail++] = to;
        if (state !== 0) {
          const cls = edgeClass[to];
          let f = fail[state];
          while (f !== 0 && childOf(f, cls) === 0) f = fail[f];
          fail[to] = childOf(f, cls);
        }
        ending[to] = firstValue[to] >= 0 || ending[fail[to]] === 1 ? 1 : 0;
        endings += ending[to];
      }
    }

    // Final numbers: the ending states from 1, then the root and the other states; the trie kept in them.
    const number = new Int32Array(count);
    for (let i = 0, e = 1, plain = endings + 1; i < count; i++) {
      const state = order[i];
      number[state] = ending[state] === 1 ? e++ : plain++;
    }
    this.endings = endings;
    this.failState = new Int32Array(count + 1);
    this.firstChild = new Int32Array(count + 1);
    this.nextSibling = new Int32Array(count + 1);
    this.edgeClass = new Uint8Array(count + 1);
    for (let state = 0; state < count; state++) {
      const n = number[state];
      this.failState[n] = number[fail[state]];
      this.firstChild[n] = firstChild[state] === 0 ? 0 : number[firstChild[state]];
      this.nextSibling[n] = nextSibling[state] === 0 ? 0 : number[nextSibling[state]];
      this.edgeClass[n] = edgeClass[state];
    }
    this.stateOfRow = new Int32Array(count + 1);
    this.rowOfState = new Int32Array(count + 1);
    this.next = new Int32Array(Math.min(count + 1, INITIAL_ROWS) * this.classes);
    const rootCell = this.cellOf(number[0]);
    for (let cls = 0; cls < classes; cls++) this.next[rootCell + cls] = rootChild[cls] === 0 ? rootCell : this.cellOf(number[rootChild[cls]]);

    // Each ending state's bits and values: its own literals' and those of the ending states along its failure links.
    this.bits = new Int32Array(endings);
    this.valuesFrom = new Int32Array(endings + 1);
    const flat: number[] = [];
    const seen = new Int32Array(values).fill(-1);
    for (let i = 0, e = 0; i < count; i++) {
      const state = order[i];
      if (ending[state] === 0) continue;
      this.valuesFrom[e] = flat.length;
      for (let s = state; s !== 0; s = fail[s]) {
        for (let n = firstValue[s]; n >= 0; n = nextValue[n]) {
          const value = valueOf[n];
          if (value < 0) this.bits[e] |= 1 << (-1 - value);
          else if (seen[value] !== e) { seen[value] = e; flat.push(value); this.bits[e] |= MARKED; }
        }
      }
      e++;
    }
    this.valuesFrom[endings] = flat.length;
    this.values = Int32Array.from(flat);
    this.blankAtRoot = rootChild[classOf[32]] === 0 && rootChild[classOf[9]] === 0;
  }

  /**
   * Sets marks[value] = stamp for the value of every literal that occurs in `text`, and returns the mask bits of
   * those that carry one, with MARKED when it marked anything (0: no literal occurs). With `hits`, each value it
   * marks is also listed there once, in the order found, after the count in hits[0] (which it sets): a caller then
   * visits the few marked values instead of testing every one (hits must hold one more entry than there are values).
   */
  mark(text: string, marks: Uint32Array, stamp: number, hits: Int32Array | null = null): number {
    const { classOf, classes, shift, stateOfRow, bits, valuesFrom, values } = this;
    let next = this.next;
    let row = classes;
    let result = 0;
    let found = 0;
    const n = text.length;
    let i = 0;
    if (this.blankAtRoot) while (i < n && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    for (; i < n; i++) {
      const code = text.charCodeAt(i);
      const cls = code < 128 ? classOf[code] : 0;
      let to = next[row + cls];
      if (to > 0) { row = to; continue; }
      if (to === 0) {
        to = this.transition(row, cls);
        next = this.next; // computing it may have grown the table
        if (to > 0) { row = to; continue; }
      }
      row = -to;
      const e = stateOfRow[row >> shift] - 1;
      result |= bits[e];
      for (let v = valuesFrom[e], end = valuesFrom[e + 1]; v < end; v++) {
        const value = values[v];
        if (marks[value] === stamp) continue;
        marks[value] = stamp;
        if (hits !== null) hits[++found] = value;
      }
    }
    if (hits !== null) hits[0] = found;
    return result;
  }

  /** States that have a row in the transition table so far (the root's included): grows with the text scanned. */
  get rowsInUse(): number {
    return this.rows - 1;
  }

  /** The cell at `row` + `cls`, computed on first use: the trie's edge, else the failure state's cell (the root's are all set). */
  private transition(row: number, cls: number): number {
    const state = this.stateOfRow[row >> this.shift];
    let to = 0;
    for (let child = this.firstChild[state]; child !== 0; child = this.nextSibling[child]) {
      if (this.edgeClass[child] === cls) { to = this.cellOf(child); break; }
    }
    if (to === 0) {
      const failRow = Math.abs(this.cellOf(this.failState[state]));
      to = this.next[failRow + cls];
      if (to === 0) to = this.transition(failRow, cls);
    }
    this.next[row + cls] = to;
    return to;
  }

  /** What a cell holds to lead to `state`: its row (given one now if it has none), negated if a literal ends there. */
  private cellOf(state: number): number {
    let rowNumber = this.rowOfState[state];
    if (rowNumber === 0) {
      rowNumber = this.rows++;
      const { classes } = this;
      if ((rowNumber + 1) * classes > this.next.length) {
        const grown = new Int32Array(Math.min(this.stateOfRow.length, rowNumber * 2) * classes);
        grown.set(this.next);
        this.next = grown;
      }
      this.rowOfState[state] = rowNumber;
      this.stateOfRow[rowNumber] = state;
    }
    const row = rowNumber * this.classes;
    return state <= this.endings ? -row : row;
  }
}
