// The control catalogue (src/catalogue/controls) and the one function that decides what a finding may cite.
import type { CitedControl, FindingArea } from "../types.js";
import { loadDataFile } from "../load-data-file.js";

export interface FrameworkControls {
  source: string;
  confidence: "high" | "medium" | "none";
  notes?: string;
  controls: Record<string, string>;
}

interface ControlsFile {
  frameworks: Record<string, FrameworkControls>;
  aliases: Record<string, string>;
}

export interface ChangeAreaEntry {
  findingArea: FindingArea;
  controls: Record<string, string[]>;
}

const controlsFile = loadDataFile<ControlsFile>("../catalogue/controls/controls.json");
const changeAreasFile = loadDataFile<{ changeAreas: Record<string, ChangeAreaEntry> }>("../catalogue/controls/change-areas.json");

export const CONTROL_CATALOGUE = controlsFile.frameworks;
export const FRAMEWORK_ALIASES = controlsFile.aliases;
export const CHANGE_AREAS = changeAreasFile.changeAreas;
export type ChangeArea = string;

/** The catalogue entry a framework id cites from (NIS 2 national variants cite the directive). */
export function catalogueFrameworkOf(frameworkId: string): string | undefined {
  if (CONTROL_CATALOGUE[frameworkId]) return frameworkId;
  return FRAMEWORK_ALIASES[frameworkId];
}

/** Title of a control if the framework (or its alias) lists it; undefined means "never cite it". */
export function controlTitle(frameworkId: string, controlId: string): string | undefined {
  const key = catalogueFrameworkOf(frameworkId);
  return key ? CONTROL_CATALOGUE[key]?.controls[controlId] : undefined;
}

/**
 * Controls cited for a change area, only for the frameworks the organisation selected, in the order selected.
 * The framework id stays the selected one (a NIS_2_DE organisation sees NIS_2_DE with the directive's article).
 */
export function citeControls(changeAreas: string[], selectedFrameworks: string[]): CitedControl[] {
  const cited: CitedControl[] = [];
  const seen = new Set<string>();
  for (const framework of selectedFrameworks) {
    const key = catalogueFrameworkOf(framework);
    if (!key) continue;
    for (const area of changeAreas) {
      for (const id of CHANGE_AREAS[area]?.controls[key] ?? []) {
        const title = CONTROL_CATALOGUE[key].controls[id];
        const dedupe = `${framework}|${id}`;
        if (!title || seen.has(dedupe)) continue;
        seen.add(dedupe);
        cited.push({ framework, id, title });
      }
    }
  }
  return cited;
}
