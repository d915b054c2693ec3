// One changed file, parsed once and shared by every rule and detector.
import type { ChangedFile } from "../types.js";
import { classifyFile, type FileClass } from "../diff/classify-file.js";
import { parsePatch, type DiffLine } from "../diff/parse-patch.js";

export interface FileDiff {
  file: ChangedFile;
  path: string;
  fileClass: FileClass;
  lines: DiffLine[];
  /** Added lines, lower-cased and without whitespace, joined: "was it re-added elsewhere in the file?" */
  addedCompact: string;
  removedCompact: string;
}

export const compact = (text: string): string => text.toLowerCase().replace(/\s+/g, "");

export function toFileDiff(file: ChangedFile): FileDiff {
  const lines = file.patch ? parsePatch(file.patch) : [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const line of lines) {
    if (line.kind === "+") added.push(line.text);
    else if (line.kind === "-") removed.push(line.text);
  }
  return {
    file,
    path: file.path,
    fileClass: classifyFile(file.path),
    lines,
    addedCompact: compact(added.join("\n")),
    removedCompact: compact(removed.join("\n")),
  };
}
