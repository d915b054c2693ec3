// String constants a file defines on the lines the diff shows (`private static final String ALGORITHM = "AES";`,
// `HASH = "md5"`, `const cipher = 'des-ede'`), so rules can read a call that passes the constant as if it passed
// the literal.
import type { FileDiff } from "./file-diff.js";

/** A call argument or concatenation operand written as a constant's name (UPPER_CASE), the use site worth resolving. */
export const CONSTANT_ARGUMENT = /[(,+]\s*[A-Z][A-Z0-9_]{2,}\s*[)+,]/gm;

// One declaration per line; the value is a short literal of the characters algorithm and mode names use.
const DECLARATION = /^\s*(?:(?:export|public|private|protected|internal|static|final|const|readonly|val|var|let|def|my|our)\s+)*(?:[A-Za-z_][\w.<>[\]?]*\s+)??\$?([A-Za-z_]\w*)\s*(?::\s*[\w.<>[\]?]+\s*)?(?::=|=)\s*["']([^"'\\\n]{1,200})["']\s*[;,]?\s*$/;

const ALIAS = /^\s*(?:(?:const|let|var|val|final|static|readonly)\s+)*\$?([A-Za-z_]\w*)\s*(?::=|=)\s*\$?([A-Za-z_]\w*)\s*;?\s*$/;

const cache = new WeakMap<FileDiff, Map<string, string>>();

export function readFileConstants(diff: FileDiff): Map<string, string> {
  const known = cache.get(diff);
  if (known) return known;
  const constants = new Map<string, string>();
  for (const line of diff.lines) {
    if (line.kind === "-" || line.text.length > 300 || !line.text.includes("=")) continue;
    const m = DECLARATION.exec(line.text);
    if (m) { constants.set(m[1], m[2]); continue; }
    // `prompt = question` where question is a constant: the alias is the same constant.
    const alias = ALIAS.exec(line.text);
    const value = alias ? constants.get(alias[2]) : undefined;
    if (alias && value !== undefined) constants.set(alias[1], value);
  }
  cache.set(diff, constants);
  return constants;
}

const IDENTIFIER = /\$?\b[A-Za-z_]\w*\b/g;

/** The line with every identifier that names a known constant replaced by its quoted value. */
export function resolveConstants(text: string, constants: Map<string, string>): string {
  return text.replace(IDENTIFIER, (name) => {
    const value = constants.get(name.startsWith("$") ? name.slice(1) : name);
    return value === undefined ? name : `"${value}"`;
  });
}
