// Stable across re-reviews of the same code: rule + path + the line's content without whitespace.
import { createHash } from "node:crypto";

export function fingerprint(ruleId: string, path: string, evidence: string): string {
  return createHash("sha256").update(`${ruleId}\n${path}\n${evidence.replace(/\s+/g, "")}`).digest("hex").slice(0, 24);
}
