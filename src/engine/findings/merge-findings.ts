// Model findings join the analyzer's unless the analyzer already reports the same area on the same lines.
import type { Finding } from "../types.js";

const NEAR = 3;

function overlaps(a: Finding, b: Finding): boolean {
  const aStart = a.startLine ?? a.line;
  const bStart = b.startLine ?? b.line;
  return a.path === b.path && a.area === b.area && aStart - NEAR <= b.line && bStart - NEAR <= a.line;
}

export function mergeFindings(analyzer: Finding[], model: Finding[]): Finding[] {
  const merged = [...analyzer];
  for (const candidate of model) {
    if (merged.some((existing) => overlaps(existing, candidate))) continue;
    merged.push(candidate);
  }
  return merged;
}
