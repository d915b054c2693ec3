// What was posted on a pull request, kept in PullRequestState.postedFindings: the basis for
// never posting the same finding twice and for saying what a later commit fixed.
import type { Finding } from "../../engine/types.js";

export interface PostedFinding {
  path: string;
  line: number;
  controls: string[];
  /** Posted as an inline comment (so it has a review thread), or only listed in the summary. */
  inline: boolean;
  state: "open" | "fixed";
}

export type PostedFindings = Record<string, PostedFinding>;

export function readPostedFindings(json: unknown): PostedFindings {
  return json && typeof json === "object" && !Array.isArray(json) ? (json as PostedFindings) : {};
}

/** The record after a review: current findings open, earlier open ones that are gone now fixed. */
export function updatePostedFindings(previous: PostedFindings, current: Finding[], postedInlineNow: Set<string>): { next: PostedFindings; newlyFixed: string[] } {
  const next: PostedFindings = {};
  const currentIds = new Set(current.map((f) => f.fingerprint));
  const newlyFixed: string[] = [];
  for (const [fingerprint, entry] of Object.entries(previous)) {
    if (currentIds.has(fingerprint)) continue;
    if (entry.state === "open") newlyFixed.push(fingerprint);
    next[fingerprint] = { ...entry, state: "fixed" };
  }
  for (const finding of current) {
    const before = previous[finding.fingerprint];
    next[finding.fingerprint] = {
      path: finding.path,
      line: finding.line,
      controls: finding.controls.map((c) => `${c.framework} ${c.id}`),
      // A finding that reappears after being fixed is commented on again.
      inline: postedInlineNow.has(finding.fingerprint) || (before?.inline === true && before.state === "open"),
      state: "open",
    };
  }
  return { next, newlyFixed };
}
