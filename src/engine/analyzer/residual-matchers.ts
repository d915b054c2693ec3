// Hand-written matchers for the few regex alternatives that hold no literal the shared line scan (line-scan.ts) can
// look for, so they would be scanned, as a regex, over every position of a side's joined text. Each finds exactly the
// positions where its alternative matches (test/engine/analyzer-speed9.test.ts compares them with the regex on
// generated text), but only reads the text around a character every match holds, found with indexOf: the ":" of an
// indented YAML key, the "-" of a key shape. A matcher is looked up by the alternative's exact source and flags, so a rule
// whose alternative is edited is scanned by the regex again (still right, only slower) until its matcher is too.

/**
 * Sets hit[k] = 1 for every line k of a side on which a match of the alternative starts: `text` is the side's lines
 * joined with "\n", `starts` the offset in it of each line (as scanJoinedText() reads a match start's line).
 */
export type AlternativeMatcher = (text: string, starts: readonly number[], hit: Uint8Array) => void;

/** [0-9A-Fa-f]: [0-9a-f] under a non-Unicode /i (no character above 127 folds to an ASCII letter). */
function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
}

/** \w without the u flag: [A-Za-z0-9_]. */
function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95;
}

/** \s: the ECMAScript WhiteSpace and LineTerminator characters. */
export function isRegexSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The line of `starts` that holds offset `p`, from `cursor` on (offsets are read in ascending order). */
export function lineAt(starts: readonly number[], p: number, cursor: number): number {
  while (cursor + 1 < starts.length && starts[cursor + 1] <= p) cursor++;
  return cursor;
}

/**
 * `\b[0-9a-f]{32}-[0-9a-f]{8}-` (flags im): the start of a Mailgun key shape. A match has a "-" 32 characters after
 * its start, so only the text around each "-" is read (found with indexOf).
 */
function mailgunKeyShape(text: string, starts: readonly number[], hit: Uint8Array): void {
  let cursor = 0;
  for (let d = text.indexOf("-", 32); d >= 0; d = text.indexOf("-", d + 1)) {
    if (text.charCodeAt(d + 9) !== 45) continue;
    const p = d - 32;
    let ok = p === 0 || !isWord(text.charCodeAt(p - 1));
    for (let i = d + 1; ok && i < d + 9; i++) ok = isHex(text.charCodeAt(i));
    for (let i = d - 1; ok && i >= p; i--) ok = isHex(text.charCodeAt(i));
    if (!ok) continue;
    cursor = lineAt(starts, p, cursor);
    hit[cursor] = 1;
  }
}

/** [\w.-] without the u flag. */
function isKeyChar(c: number): boolean {
  return isWord(c) || c === 46 || c === 45;
}

/** [A-Za-z0-9+/]. */
function isBase64(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 43 || c === 47;
}

/**
 * `^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{12,}` (flags im): an indented YAML key with a long value. Every part's greedy run
 * is the only one the next part can follow, so a match is: a position where ^ matches (the start of the text or after a
 * line terminator), white space up to a run of key characters, its ":", the value. Read from each ":" (found with
 * indexOf) backwards: the key run before it, the white space before that, and the positions in that white space where
 * ^ matches (\s takes line breaks, so blank lines above such a key start a match too).
 */
function indentedYamlKeyValue(text: string, starts: readonly number[], hit: Uint8Array): void {
  const n = text.length;
  let cursor = 0;
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", colon + 1)) {
    // The value first: most colons in code are followed by a short word or none.
    let k = colon + 1;
    while (k < n && isRegexSpace(text.charCodeAt(k))) k++;
    const quote = text.charCodeAt(k);
    if (quote === 34 || quote === 39) k++;
    let count = 0;
    while (count < 12 && k < n && isBase64(text.charCodeAt(k))) { k++; count++; }
    if (count < 12) continue;
    let key = colon;
    while (key > 0 && isKeyChar(text.charCodeAt(key - 1))) key--;
    if (key === colon || key === 0 || !isRegexSpace(text.charCodeAt(key - 1))) continue;
    let space = key - 1;
    while (space > 0 && isRegexSpace(text.charCodeAt(space - 1))) space--;
    for (let p = space; p < key; p++) {
      if (p !== 0 && !isLineTerminator(text.charCodeAt(p - 1))) continue;
      cursor = lineAt(starts, p, cursor);
      hit[cursor] = 1;
    }
  }
}

/** The characters after which ^ matches with the m flag. */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

const MATCHERS = new Map<string, AlternativeMatcher>([
  ["im " + String.raw`\b[0-9a-f]{32}-[0-9a-f]{8}-`, mailgunKeyShape],
  ["im " + String.raw`^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{12,}`, indentedYamlKeyValue],
]);

/** Every alternative that has a matcher, as [source, flags] (for the tests that compare each with its regex). */
export function matchedAlternatives(): Array<[source: string, flags: string]> {
  return [...MATCHERS.keys()].map((key) => [key.slice(key.indexOf(" ") + 1), key.slice(0, key.indexOf(" "))]);
}

/** The hand-written matcher of an alternative (its source) under `flags` (without g and y), if there is one. */
export function matcherFor(alternative: string, flags: string): AlternativeMatcher | undefined {
  return MATCHERS.get(`${flags} ${alternative}`);
}
