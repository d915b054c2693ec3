// Inline comments stay short: a rule's explanation becomes its first sentence (what changed) and
// its last (what to check). Sentences are found with Intl.Segmenter, the platform's
// locale-aware splitter, rather than a hand-written rule per language.
const segmenters = new Map<string, Intl.Segmenter>();

/** The same few rule texts are split for every finding of a large review: remembered, within bounds. */
const MAX_REMEMBERED = 500;
const remembered = new Map<string, string[]>();

export function splitSentences(text: string, language: string): string[] {
  const key = `${language}\u0000${text}`;
  const known = remembered.get(key);
  if (known) return [...known];
  const sentences = segment(text, language);
  if (text.length <= 2000) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, sentences);
  }
  return [...sentences];
}

function segment(text: string, language: string): string[] {
  let segmenter = segmenters.get(language);
  if (!segmenter) segmenters.set(language, (segmenter = new Intl.Segmenter(language, { granularity: "sentence" })));
  const sentences: string[] = [];
  let pending = "";
  for (const { segment } of segmenter.segment(text)) {
    pending += segment;
    // An abbreviation inside brackets ("(np. DES)", "(e.g. DES)") is not a sentence end.
    if (count(pending, "(") > count(pending, ")")) continue;
    if (pending.trim()) sentences.push(pending.trim());
    pending = "";
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences;
}

/** At most two sentences: the first, and the last when there are more. */
export function shortenBody(text: string, language: string): string {
  const sentences = splitSentences(text, language);
  if (sentences.length <= 2) return sentences.join(" ");
  return `${sentences[0]} ${sentences[sentences.length - 1]}`;
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}
