// Text from the model endpoint is untrusted: a pull request's title or diff can tell the model
// what to write. Before it reaches GitHub it becomes one plain paragraph in which nothing acts:
// no mention notifies anyone, no link leads outside GitHub, no image loads, no raw HTML renders,
// no cross-reference touches another repository, and no fence (a suggestion block included) or
// other block syntax can open, because the text has no line breaks left. `Code spans` survive,
// and their content is inert on GitHub.
import { codeSpan as fencedCodeSpan } from "../summary/code-span.js";

/** A code span that its content cannot close early; nothing for empty content. */
const codeSpan = (content: string) => (content.trim() ? fencedCodeSpan(content.trim()) : "");

/** Hosts a link may keep pointing at: GitHub itself (the repository's files are there too). */
const ALLOWED_HOSTS = /^(?:[a-z0-9-]+\.)*github\.com$/i;

// Line breaks, other control characters, and invisible or direction-changing characters that
// could hide text (zero-width, bidi overrides, BOM).
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]+/g;
const CODE_SPAN = /(?<!`)`([^`]+)`(?!`)/g;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^"']*["'])?\s*\)/g;
const BARE_URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>`]+/gi;
const MENTION = /(^|[^\w`/])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9_.-]+)?)/g;
const CROSS_REFERENCE = /\b([A-Za-z0-9-]+\/[A-Za-z0-9_.-]+)?(#|GH-)(\d+)\b/g;

export function neutraliseModelText(text: string): string {
  const flat = text.normalize("NFC").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
  // Code spans are kept as they are (GitHub renders their content literally); everything between
  // them is made inert.
  const parts: string[] = [];
  let last = 0;
  for (const match of flat.matchAll(CODE_SPAN)) {
    parts.push(neutraliseProse(flat.slice(last, match.index)));
    parts.push(codeSpan(match[1]!));
    last = match.index! + match[0].length;
  }
  parts.push(neutraliseProse(flat.slice(last)));
  return parts.join("");
}

function neutraliseProse(text: string): string {
  // [text](url) and ![alt](url) lose their syntax: the words stay, the address is judged below.
  let out = text.replace(MARKDOWN_LINK, (_all, label: string, url: string) => `${label} ${url}`.trim());
  // Placeholders keep what must stay verbatim out of the escaping that follows.
  const kept: string[] = [];
  const keep = (value: string) => `\u0000${kept.push(value) - 1}\u0000`;
  out = out.replace(BARE_URL, (url) => keep(isAllowedUrl(url) ? url : codeSpan(url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ""))));
  out = out.replace(MENTION, (_all, before: string, name: string) => `${before}${keep(codeSpan(`@${name}`))}`);
  out = out.replace(CROSS_REFERENCE, (all, repo: string | undefined) => (repo ? keep(codeSpan(all)) : all));
  // Everything markdown or HTML could act on is escaped: brackets (links, references, task
  // lists), angle brackets (HTML, autolinks), entities, stray backticks, and the backslash.
  out = out.replace(/[\\`[\]<>&|*_~]/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : `\\${c}`));
  return out.replace(/\u0000(\d+)\u0000/g, (_all, i: string) => kept[Number(i)]!);
}

function isAllowedUrl(url: string): boolean {
  try {
    const parsed = new URL(url.startsWith("www.") ? `https://${url}` : url);
    return parsed.protocol === "https:" && ALLOWED_HOSTS.test(parsed.hostname) && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

