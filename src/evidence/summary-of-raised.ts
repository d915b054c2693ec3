// The engine's findings-by-control text counts every finding; when some are accepted it is built
// again from the raised ones, so the summary's counts agree with the check run's.
import type { OrganisationConfiguration } from "../domain/types.js";
import { buildSummary } from "../engine/summary/build-summary.js";
import type { ReviewResult } from "../engine/types.js";
import type { ReviewEvidence } from "./record-review-evidence.js";

export function summaryOfRaised(result: ReviewResult, evidence: ReviewEvidence, configuration: OrganisationConfiguration): string {
  if (evidence.accepted.length === 0) return result.summary.markdown;
  return buildSummary(evidence.raised, configuration, result.summary.engine, result.summary.notes).markdown;
}
