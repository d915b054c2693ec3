import type { Messages } from "./types.js";

export const en: Messages = {
  summaryHeading: "Clearance compliance review",
  reviewBody: (count) => `Clearance left ${count === 1 ? "1 comment" : `${count} comments`} on changed lines. The summary comment on this pull request lists every finding by control.`,
  notOnDiffLine: "These findings concern lines outside the changed parts of the diff, so they are listed here instead.",
  overInlineLimit: (limit) => `A review carries at most ${limit} inline comments; the remaining findings are listed here.`,
  fixedHeading: "Fixed since an earlier review",
  fixedItem: (location) => `${location} is no longer flagged.`,
  reviewedHeading: "What was reviewed",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 changed file" : `${files} changed files`}.`,
  skippedFiles: "Skipped files:",
  skipReasons: {
    binary: "binary file",
    generated: "generated file",
    vendored: "vendored dependency",
    ignored: "ignored by `.github/clearance.yml`",
    no_diff: "GitHub shows no diff for this file (too large)",
  },
  tooManyFiles: (limit) => `GitHub lists at most ${limit} changed files of a pull request; any files beyond that were not reviewed.`,
  configIgnored: (detail) => `\`.github/clearance.yml\` could not be used and was ignored: ${detail}`,
  paused: {
    allowance_reached: "Reviews are paused: this organisation's monthly allowance of private-repository reviews is used up.",
    public_cap_reached: "Reviews are paused: this organisation has reached the monthly limit for public-repository reviews.",
    resumeLead: "Reviews resume as soon as one of these happens:",
    resumeWays: {
      next_period: (date) => `the next billing month starts on ${date} (UTC)`,
      claim: "the installation is claimed in Clearance, which starts a 14-day trial",
      upgrade: "the organisation upgrades its plan",
      overage: "an owner enables extra reviews, at $0.49 per further pull request",
    },
  },
  euInferenceFailed: "The review failed: the EU-region model could not be reached. EU inference is on for this organisation, so no other model was used and no findings were posted.",
  reviewFailed: "The review failed because of an unexpected error, so no findings were posted.",
  retryHint: "Push a new commit or comment `/clearance` to try again.",
  nothingToReview: "Nothing to review: every changed file was skipped.",
  euInferenceFooter: "EU inference is on: no model outside the EU region was used for this review.",
  checkSummary: (findings) => (findings === 0 ? "No compliance findings." : `${findings === 1 ? "1 finding" : `${findings} findings`}; see the summary comment on the pull request.`),
};
