// Text shown as code, whatever it contains: a file name from a pull request may hold backticks,
// so the fence is one backtick longer than the longest run inside (CommonMark's rule).
export function codeSpan(text: string): string {
  const clean = text.replace(/[\r\n]+/g, " ");
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") || (clean.startsWith(" ") && clean.endsWith(" ") && clean.trim()) ? " " : "";
  return `${fence}${pad}${clean}${pad}${fence}`;
}
