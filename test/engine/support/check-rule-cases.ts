// Rule-family checks shared by the analyzer tests: a patch made of the given lines, and the areas it yields.
import { expect } from "@jest/globals";
import { review } from "../../../src/engine/index.js";
import type { FindingArea } from "../../../src/engine/index.js";
import { configuration, input } from "./configuration.js";

/** Reviews one file whose patch is the given lines (each starting with "+", "-" or " ") and returns the areas found. */
export async function areasOf(path: string, lines: string[]): Promise<{ areas: FindingArea[]; rules: string[] }> {
  const oldCount = lines.filter((l) => !l.startsWith("+")).length;
  const newCount = lines.filter((l) => !l.startsWith("-")).length;
  const patch = `@@ -10,${oldCount} +10,${newCount} @@\n${lines.join("\n")}`;
  const result = await review(input([{ path, status: "modified", patch }]), configuration());
  return { areas: [...new Set(result.findings.map((f) => f.area))], rules: result.findings.map((f) => f.ruleId) };
}

export type Case = [name: string, path: string, lines: string[], expected: FindingArea | null];

export async function check(cases: Case[]): Promise<void> {
  for (const [name, path, lines, expected] of cases) {
    const { areas, rules } = await areasOf(path, lines);
    if (expected) expect({ name, found: areas.includes(expected), rules }).toEqual({ name, found: true, rules });
    else expect({ name, areas, rules }).toEqual({ name, areas: [], rules: [] });
  }
}

/** Checks one area only, for snippets that rightly raise other areas too (a new Slack client beside its token). */
export async function expectArea(area: FindingArea, cases: Array<[name: string, path: string, lines: string[]]>, expected: boolean): Promise<void> {
  for (const [name, path, lines] of cases) {
    const { areas, rules } = await areasOf(path, lines);
    expect({ name, [area]: areas.includes(area), rules }).toEqual({ name, [area]: expected, rules });
  }
}
