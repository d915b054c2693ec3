// Shapes shared by the GitHub side: what starts a review, and what a review job carries.
import type { TriggerMode } from "../domain/types.js";

/** Why a review job exists. "command" is the /clearance comment; the rest are pull_request actions. */
export type ReviewTrigger = "opened" | "reopened" | "synchronize" | "ready_for_review" | "command";

export const REVIEW_CHECK_NAME = "Clearance";
export const SUMMARY_MARKER = "<!-- clearance:summary -->";
/** At most this many inline comments per review; the rest go into the summary. */
export const MAX_INLINE_COMMENTS = 50;
/** GitHub's "list pull request files" returns at most this many files. */
export const MAX_LISTED_FILES = 3000;

export type { TriggerMode };
