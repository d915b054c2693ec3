// The framework catalogue is data (src/catalogue/frameworks.json); this reads it once.
import { readFileSync } from "node:fs";

export interface Framework {
  id: string;
  name: string;
  region: string;
}

const file = new URL("../catalogue/frameworks.json", import.meta.url);
const frameworks: readonly Framework[] = Object.freeze(
  (JSON.parse(readFileSync(file, "utf8")) as { frameworks: Framework[] }).frameworks.map((f) =>
    Object.freeze({ id: f.id, name: f.name, region: f.region }),
  ),
);
const ids = new Set(frameworks.map((f) => f.id));

export function listFrameworks(): readonly Framework[] {
  return frameworks;
}

export function isKnownFramework(id: string): boolean {
  return ids.has(id);
}

/** The ids outside the catalogue, in the order given, each once. */
export function unknownFrameworkIds(candidates: readonly string[]): string[] {
  return [...new Set(candidates.filter((id) => !ids.has(id)))];
}
