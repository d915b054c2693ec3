// Turns GitHub's unified-diff patch text into numbered lines, the only diff representation the engine uses.

export interface DiffLine {
  kind: "+" | "-" | " ";
  text: string;
  /** New-side line number; for a removed line, the nearest new-side line (the next one, or the last one at the hunk's end). */
  newLine: number;
  hunk: number;
}

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function parsePatch(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let newLine = 0;
  let hunk = -1;
  for (const raw of patch.split("\n")) {
    const header = HUNK_HEADER.exec(raw);
    if (header) {
      newLine = Number(header[1]);
      hunk++;
      continue;
    }
    if (hunk < 0 || raw.startsWith("\\")) continue; // "\ No newline at end of file"
    const first = raw[0];
    if (first === "+") {
      lines.push({ kind: "+", text: raw.slice(1), newLine, hunk });
      newLine++;
    } else if (first === "-") {
      lines.push({ kind: "-", text: raw.slice(1), newLine: Math.max(newLine, 1), hunk });
    } else {
      // Context line (a lone empty line also counts: some tools strip the leading space).
      lines.push({ kind: " ", text: raw.slice(1), newLine, hunk });
      newLine++;
    }
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
