// Recognises `/clearance accept <finding> --reason "<text>" [--until YYYY-MM-DD]` and
// `/clearance help` on a line of a comment. Anything else is left to the review command.
import { REFERENCE_PATTERN } from "./finding-reference.js";

export const MAX_REASON_LENGTH = 500;

export type CommandProblem =
  | "missing_reference"
  | "bad_reference"
  | "missing_reason"
  | "reason_too_long"
  | "bad_until"
  | "unknown_option"
  | "extra_argument"
  | "unclosed_quote";

export type EvidenceCommand =
  | { kind: "help" }
  | { kind: "accept"; reference: string; reason: string; until?: string }
  | { kind: "invalid"; problem: CommandProblem; detail?: string };

// Quoted replies ("> /clearance …") start with ">" and never match: quoting is not asking.
// Linear on any input: the rest of the line is taken whole and trimmed in code (a lazy group
// before trailing blanks backtracks quadratically on a long line of spaces).
const COMMAND_LINE = /^[ \t]*\/clearance[ \t]+(accept|help)\b([^\n]*)$/im;

export function parseEvidenceCommand(body: string | null | undefined): EvidenceCommand | undefined {
  if (!body) return undefined;
  // A comment is at most 65,536 characters (GitHub's limit); the regular expression is linear.
  const match = COMMAND_LINE.exec(body.replace(/\r\n?/g, "\n"));
  if (!match) return undefined;
  if (match[1]!.toLowerCase() === "help") return match[2]!.trim() === "" ? { kind: "help" } : undefined;
  return parseAccept(match[2]!.trim());
}

interface Token {
  text: string;
  quoted: boolean;
}

// Typed quotes as people write them: straight, English, German and Polish, French guillemets.
const CLOSING_QUOTES: Record<string, string[]> = { '"': ['"'], "'": ["'"], "“": ["”", "“"], "„": ["“", "”"], "«": ["»"], "‘": ["’"] };

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    let token = "";
    let quoted = false;
    while (i < text.length && !/\s/.test(text[i]!)) {
      const ch = text[i]!;
      const closers = CLOSING_QUOTES[ch];
      // A quote opens only at the start of a word or after "=", so "it's" stays one word.
      if (closers && (token === "" || token.endsWith("="))) {
        // One forward scan to the first closing quote: the whole text is read once overall.
        let end = i + 1;
        while (end < text.length && !closers.includes(text[end]!)) end++;
        if (end >= text.length) return undefined;
        // Only a quote that opens the word makes it a value, never an option.
        if (token === "") quoted = true;
        token += text.slice(i + 1, end).trim();
        i = end + 1;
      } else {
        token += ch;
        i++;
      }
    }
    tokens.push({ text: token, quoted });
  }
  return tokens;
}

function parseAccept(rest: string): EvidenceCommand {
  const tokens = tokenize(rest);
  if (!tokens) return { kind: "invalid", problem: "unclosed_quote" };
  let reference: string | undefined;
  let reason: string | undefined;
  let until: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const option = !token.quoted && token.text.startsWith("--") ? token.text : undefined;
    if (!option) {
      if (reference !== undefined) return { kind: "invalid", problem: "extra_argument", detail: token.text };
      reference = token.text;
      continue;
    }
    const [name, inline] = splitOption(option);
    const values: string[] = inline !== undefined ? [inline] : [];
    // An unquoted reason runs on to the next option: `--reason known false positive --until …`.
    while (i + 1 < tokens.length && !(tokens[i + 1]!.text.startsWith("--") && !tokens[i + 1]!.quoted)) {
      if (name === "--until" && values.length > 0) break;
      values.push(tokens[++i]!.text);
    }
    if (name === "--reason") reason = values.join(" ").trim();
    else if (name === "--until") {
      if (values.length !== 1 || !isCalendarDate(values[0]!)) return { kind: "invalid", problem: "bad_until", detail: values.join(" ") };
      until = values[0];
    } else return { kind: "invalid", problem: "unknown_option", detail: name };
  }
  if (reference === undefined) return { kind: "invalid", problem: "missing_reference" };
  if (!REFERENCE_PATTERN.test(reference)) return { kind: "invalid", problem: "bad_reference", detail: reference };
  if (!reason) return { kind: "invalid", problem: "missing_reason" };
  if ([...reason].length > MAX_REASON_LENGTH) return { kind: "invalid", problem: "reason_too_long" };
  return until ? { kind: "accept", reference: reference.toLowerCase(), reason: stripControls(reason), until } : { kind: "accept", reference: reference.toLowerCase(), reason: stripControls(reason) };
}

function splitOption(option: string): [string, string | undefined] {
  const eq = option.indexOf("=");
  return eq < 0 ? [option.toLowerCase(), undefined] : [option.slice(0, eq).toLowerCase(), option.slice(eq + 1)];
}

function stripControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** YYYY-MM-DD naming a real day of the Gregorian calendar. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
