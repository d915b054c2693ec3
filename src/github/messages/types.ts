// The words of everything Clearance writes on a pull request, one file per review language.
// Control ids, the check name and the check's title stay in English and are not in here.
import type { ResumeOption } from "../../billing/types.js";
import type { SkipReason } from "../review/select-reviewable-files.js";

export interface Messages {
  /** Heading of the one summary comment. */
  summaryHeading: string;
  /** Body of the pull-request review that carries the inline comments. */
  reviewBody(count: number): string;
  /** After the list of findings: why some carry their explanation there (no inline comment). */
  notOnDiffLine: string;
  overInlineLimit(limit: number): string;
  fixedHeading: string;
  fixedItem(location: string): string;
  reviewedHeading: string;
  reviewedCommit(shortSha: string, files: number): string;
  skippedFiles: string;
  skipReasons: Record<SkipReason, string>;
  tooManyFiles(limit: number): string;
  configIgnored(detail: string): string;
  paused: {
    /** Why reviews are paused: one sentence per reason. */
    allowance_reached: string;
    public_cap_reached: string;
    /** Introduces the list of the ways reviews resume that apply. */
    resumeLead: string;
    resumeWays: { next_period: (date: string) => string } & Record<Exclude<ResumeOption, "next_period">, string>;
  };
  euInferenceFailed: string;
  reviewFailed: string;
  retryHint: string;
  nothingToReview: string;
  euInferenceFooter: string;
  /** Short text for the check run's summary field. */
  checkSummary(findings: number): string;
}
