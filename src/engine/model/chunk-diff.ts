// Renders the changed hunks with new-side line numbers and splits them into chunks that fit the prompt size.
import type { ChangedFile } from "../types.js";
import { parsePatch } from "../diff/parse-patch.js";

export interface DiffChunk {
  text: string;
  paths: string[];
  estimatedTokens: number;
}

/** About four characters per token for code and English; good enough for budgeting. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export function renderFileLines(file: ChangedFile): string[] {
  return parsePatch(file.patch ?? "").map((line) =>
    line.kind === "-" ? `-      | ${line.text}` : `${line.kind} ${String(line.newLine).padStart(5)}| ${line.text}`,
  );
}

export function chunkDiff(files: ChangedFile[], chunkTokens: number): DiffChunk[] {
  const chunks: DiffChunk[] = [];
  let current: DiffChunk = { text: "", paths: [], estimatedTokens: 0 };
  const flush = () => { if (current.text) chunks.push(current); current = { text: "", paths: [], estimatedTokens: 0 }; };
  const append = (path: string, block: string) => {
    const tokens = estimateTokens(block);
    if (current.estimatedTokens + tokens > chunkTokens) flush();
    current.text += block;
    current.estimatedTokens += tokens;
    if (!current.paths.includes(path)) current.paths.push(path);
  };
  for (const file of files) {
    if (!file.patch) continue;
    const header = `### ${file.path}\n`;
    let block = header;
    for (const line of renderFileLines(file)) {
      const next = `${line.slice(0, 500)}\n`;
      // A file larger than one chunk is split, each part repeating its header.
      if (estimateTokens(block + next) > chunkTokens && block !== header) { append(file.path, block); block = header; }
      block += next;
    }
    if (block !== header) append(file.path, block);
  }
  flush();
  return chunks;
}
