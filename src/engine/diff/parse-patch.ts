// Turns GitHub's unified-diff patch text into numbered lines, the only diff representation the engine uses.

export interface DiffLine {
  kind: "+" | "-" | " ";
  text: string;
  /** New-side line number; for a removed line, the nearest new-side line (the next one, or the last one at the hunk's end). */
  newLine: number;
  hunk: number;
  /**
   * An added comment that is a removed line of its hunk commented out (`-[Authorize]` / `+//[Authorize]`): it re-adds
   * nothing and replaces nothing, so re-add checks and the conditions rules read around a line leave it out.
   */
  inert?: boolean;
}

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function parsePatch(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let newLine = 0;
  let hunk = -1;
  // Walks the text with indexOf rather than split(): one pass, no intermediate array of the whole patch.
  for (let start = 0; start <= patch.length; ) {
    let end = patch.indexOf("\n", start);
    if (end < 0) end = patch.length;
    const first = patch.charCodeAt(start);
    if (first === 64 /* @ */) {
      const header = HUNK_HEADER.exec(patch.slice(start, Math.min(end, start + 200)));
      if (header) {
        newLine = Number(header[1]);
        hunk++;
        start = end + 1;
        continue;
      }
    }
    if (hunk >= 0 && first !== 92 /* \ "No newline at end of file" */) {
      const text = patch.slice(start + 1, end);
      if (first === 43 /* + */) {
        lines.push({ kind: "+", text, newLine, hunk });
        newLine++;
      } else if (first === 45 /* - */) {
        lines.push({ kind: "-", text, newLine: Math.max(newLine, 1), hunk });
      } else if (end > start || end < patch.length) {
        // Context line (a lone empty line also counts: some tools strip the leading space).
        lines.push({ kind: " ", text, newLine, hunk });
        newLine++;
      }
    }
    start = end + 1;
  }
  // A removed line at the very end of a hunk points past the hunk: clamp to the hunk's last new-side line.
  for (let i = lines.length - 1, lastNew = 0, lastHunk = -1; i >= 0; i--) {
    const line = lines[i];
    if (line.hunk !== lastHunk) {
      lastHunk = line.hunk;
      lastNew = 0;
      for (let j = i; j >= 0 && lines[j].hunk === line.hunk; j--) {
        if (lines[j].kind !== "-") { lastNew = lines[j].newLine; break; }
      }
    }
    if (line.kind === "-" && lastNew > 0 && line.newLine > lastNew) line.newLine = lastNew;
  }
  return lines;
}
