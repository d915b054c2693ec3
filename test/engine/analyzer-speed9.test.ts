// Speed work that must change no result: each hand-written matcher of a regex alternative (residual-matchers.ts)
// selects exactly the lines the regex selects when it scans a side's joined text, on generated text built from the
// pieces the patterns care about (hex runs around the key shape's length, "-", white space of every kind, line
// breaks, keys, colons, quotes, long values), and candidateLines() with a matcher selects what the plain scan does.
import { describe, expect, it } from "@jest/globals";
import "../../src/engine/analyzer/analyze-files.js";
import { SideText, candidateLines, scanJoinedText } from "../../src/engine/analyzer/file-diff.js";
import { matchedAlternatives, matcherFor, isRegexSpace } from "../../src/engine/analyzer/residual-matchers.js";

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

const HEX = "0123456789abcdefABCDEF";
const BASE64 = "ABCxyz019+/";
const SPACES = [" ", "  ", "\t", "\u00a0", "\u2028", "\r", "\n", "\n\n", " \n ", "\u3000", "\ufeff", "\v"];

/** Text made of the pieces the matched alternatives read, in random order. */
function generatedText(next: () => number): string {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const run = (alphabet: string, length: number) => Array.from({ length }, () => pick([...alphabet])).join("");
  const pieces: Array<() => string> = [
    () => run(HEX, 30 + Math.floor(next() * 5)),
    () => run(HEX, 7 + Math.floor(next() * 3)),
    () => "-",
    () => pick(SPACES),
    () => "\n",
    () => pick(["key", "api_key", "a.b-c", "é", "x", "_"]),
    () => ":",
    () => pick(['"', "'", "`"]),
    () => run(BASE64, 10 + Math.floor(next() * 5)),
    () => pick(["key-", "g", "Z", "$", "."]),
    // Near and exact key shapes: hex runs of 31 to 33 and 7 to 9 characters around "-".
    () => `${pick(["", " ", "_", "=", "\n"])}${run(HEX, 31 + Math.floor(next() * 3))}-${run(HEX, 7 + Math.floor(next() * 3))}${pick(["-", "-", "_", ""])}`,
    // Near and exact indented keys with a value of 11 to 13 characters.
    () => `\n${pick(["", " ", "  ", "\t", "\n ", "\u00a0"])}${pick(["key", "a.b-c", "", "é"])}${pick([":", ":", "=", " :"])}${pick(["", " ", "\n  ", "\t"])}${pick(["", '"', "'", "`"])}${run(BASE64, 11 + Math.floor(next() * 3))}`,
  ];
  let text = "";
  const count = 5 + Math.floor(next() * 40);
  for (let i = 0; i < count; i++) text += pick(pieces)();
  return text;
}

function side(text: string): SideText {
  const texts = text.split("\n");
  return new SideText(texts, texts.map((_, i) => i * 2 + 1));
}

describe("hand-written matchers of regex alternatives", () => {
  it("cover the secrets prefilter's two alternatives without a literal", () => {
    expect(matchedAlternatives().length).toBeGreaterThanOrEqual(2);
    expect(matcherFor(String.raw`\b[0-9a-f]{32}-[0-9a-f]{8}-`, "im")).toBeDefined();
    expect(matcherFor(String.raw`\b[0-9a-f]{32}-[0-9a-f]{8}-`, "m")).toBeUndefined();
  });

  it("read \\s as the regex does", () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isRegexSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });

  it.each(matchedAlternatives())("select the lines the regex selects: %s (%s)", (source, flags) => {
    const regex = new RegExp(source, `${flags}g`);
    const matcher = matcherFor(source, flags)!;
    const next = random(source.length * 7919 + 17);
    let selected = 0;
    for (let n = 0; n < 4000; n++) {
      const s = side(generatedText(next));
      const expected = scanJoinedText(s, regex);
      const hit = new Uint8Array(s.texts.length);
      if (s.text.length > 0) matcher(s.text, s.starts, hit);
      const actual = s.indexes.filter((_, i) => hit[i] === 1);
      expect({ text: s.text, lines: actual }).toEqual({ text: s.text, lines: expected });
      selected += expected.length;
    }
    expect(selected).toBeGreaterThan(200);
  });

  it("select known matches and non-matches", () => {
    const mailgun = matcherFor(String.raw`\b[0-9a-f]{32}-[0-9a-f]{8}-`, "im")!;
    const yaml = matcherFor(String.raw`^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{12,}`, "im")!;
    const lines = (matcher: typeof mailgun, text: string) => {
      const s = side(text);
      const hit = new Uint8Array(s.texts.length);
      matcher(s.text, s.starts, hit);
      return [...hit].flatMap((h, i) => (h ? [i] : []));
    };
    const key = `${"0123456789ABCDEF".repeat(2)}-0123abcd-0123abcd`;
    expect(lines(mailgun, `x\npass = "${key}"`)).toEqual([1]);
    expect(lines(mailgun, `x\npass = "a${key}"`)).toEqual([]);
    expect(lines(mailgun, key)).toEqual([0]);
    expect(lines(yaml, "a: b\n  token: 'abcdefABCDEF12'\n")).toEqual([1]);
    // \s runs over blank lines: the match starts on the first of them.
    expect(lines(yaml, "x\n\n\n  token: abcdefABCDEF12")).toEqual([1, 2, 3]);
    expect(lines(yaml, "  token: abcdefABCD1")).toEqual([]);
    // ^ after a carriage return inside a line.
    expect(lines(yaml, "x\r token: abcdefABCDEF12")).toEqual([0]);
  });

  it("leave candidateLines() selecting what the plain scan selects", () => {
    const regex = /hooks\.slack|secret|\b[0-9a-f]{32}-[0-9a-f]{8}-|^\s+[\w.-]+:\s*["']?[A-Za-z0-9+/]{12,}/gim;
    const plain = new RegExp(regex.source, regex.flags);
    const next = random(4242);
    for (let n = 0; n < 2000; n++) {
      const text = generatedText(next) + (next() < 0.3 ? "\nmy secret\nhooks.slack" : "");
      expect({ text, lines: candidateLines(side(text), regex) }).toEqual({ text, lines: scanJoinedText(side(text), plain) });
    }
  });

  it("answer a whole-side test as the regex's test() does (the AI hint of detect-ai-data-flows.ts, as candidateLines() reads it)", () => {
    const source = String.raw`\b(?:openai|anthropic|claude|gemini|genai|generative|bedrock|vertexai|mistral|cohere|groq|ollama|langchain|langgraph|llama_?index|crewai|semantic_kernel|llm|chat_?model|\w+ChatModel|gpt)`;
    const scan = new RegExp(source, "gim");
    const plain = new RegExp(source, "i");
    const words = ["openai", "OpenAI", "myopenai", "xgpt", "GPT", "llama_index", "llamaindex", "llama-index", "AzureChatModel", "ChatModel", "chat_model", "_chatmodel", "model", "é", " ", "\n", ".", "(", "claud", "groq2"];
    const next = random(99);
    let hinted = 0;
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 8) }, () => words[Math.floor(next() * words.length)]).join(next() < 0.5 ? "" : " ");
      const expected = plain.test(text);
      expect({ text, hinted: candidateLines(side(text), scan).length > 0 }).toEqual({ text, hinted: expected });
      if (expected) hinted++;
    }
    expect(hinted).toBeGreaterThan(500);
  });

  it("select, line by line, what the per-line test selects (the principal-alias prefilter of detect-query-scope-dropped.ts)", () => {
    const source = String.raw`request\.user|current_?user|auth\(\)|Auth::|->user\(\)|session|principal|FindFirst|getCurrentUser|req\.user|ctx\.|tenant`;
    const scan = new RegExp(source, "gim");
    const plain = new RegExp(source, "i");
    const words = ["request.user", "Request.User", "requestXuser", "current_user", "CurrentUser", "current__user", "auth()", "AUTH::", "auth(", "->user()", "- >user()", "Session", "principal", "findfirst", "getcurrentuser", "req.user", "ctx.", "ctx", "TENANT", "tenan", " ", ".", "é", "x"];
    const next = random(7);
    let selected = 0;
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 10) }, () => Array.from({ length: Math.floor(next() * 4) }, () => words[Math.floor(next() * words.length)]).join(next() < 0.5 ? "" : " "));
      const s = side(lines.join("\n"));
      const expected = s.indexes.filter((_, i) => plain.test(s.texts[i]));
      expect({ lines, selected: candidateLines(s, scan) }).toEqual({ lines, selected: expected });
      selected += expected.length;
    }
    expect(selected).toBeGreaterThan(500);
  });
});
