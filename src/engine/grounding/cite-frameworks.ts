// Until an organisation selects frameworks, reviews cite a documented baseline (ISO/IEC 27001 and
// SOC 2: the two most requested in security questionnaires, and both cover every change area the
// engine reports), and the summary says so and how to choose.
import type { OrganisationConfiguration } from "../../domain/types.js";

export const BASELINE_FRAMEWORKS = ["ISO_27001", "SOC_2"] as const;

export interface CitedFrameworks {
  frameworks: string[];
  /** True when the organisation selected none and the baseline is cited instead. */
  baseline: boolean;
}

export function citedFrameworks(configuration: OrganisationConfiguration): CitedFrameworks {
  const selected = configuration.frameworks ?? [];
  return selected.length > 0 ? { frameworks: selected, baseline: false } : { frameworks: [...BASELINE_FRAMEWORKS], baseline: true };
}

/** The configuration the engine reviews with: the selected frameworks, or the baseline. */
export function withCitedFrameworks(configuration: OrganisationConfiguration): OrganisationConfiguration {
  const { frameworks } = citedFrameworks(configuration);
  return frameworks === configuration.frameworks ? configuration : { ...configuration, frameworks };
}
