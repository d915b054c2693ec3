// The summary comment's evidence section, in the review language: how to accept a finding (by the
// reference listed with it), and the accepted findings with who accepted them, why and until when.
import type { Finding } from "../engine/types.js";
import { findingReference } from "./finding-reference.js";
import { evidenceMessagesFor } from "./messages/index.js";
import type { ReviewEvidence } from "./record-review-evidence.js";
import { untilDay } from "./types.js";

/** Rows listed; a comment is at most 65,536 characters. */
export const MAX_LISTED_REFERENCES = 100;

export function renderEvidenceSummary(language: string, evidence: ReviewEvidence): string {
  const m = evidenceMessagesFor(language);
  const out: string[] = [];
  // Each raised finding's reference is listed with it in the summary's list of findings.
  if (evidence.raised.length > 0) out.push(m.referencesLead, "");
  if (evidence.accepted.length > 0) {
    out.push(`### ${m.acceptedHeading}`, "");
    for (const a of evidence.accepted.slice(0, MAX_LISTED_REFERENCES)) {
      out.push(
        m.acceptedItem({
          reference: findingReference(a.finding.fingerprint),
          location: location(a.finding),
          controls: controls(a.finding),
          by: a.acceptedBy,
          reason: oneLine(a.reason),
          until: untilDay(a.expiresAt),
        }),
      );
    }
    if (evidence.accepted.length > MAX_LISTED_REFERENCES) out.push("", m.moreFindings(evidence.accepted.length - MAX_LISTED_REFERENCES));
  }
  return out.join("\n").trim();
}

function location(finding: Finding): string {
  return `\`${finding.path.replace(/`/g, "'")}:${finding.line}\``;
}

function controls(finding: Finding): string {
  return finding.controls.map((c) => `${c.framework} ${c.id}`).join(", ");
}

// A reason is shown as text: no markdown structure, mentions or HTML from the comment it came from.
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[<>]/g, (ch) => (ch === "<" ? "&lt;" : "&gt;")).replace(/@(?=\w)/g, "@\u200b").trim();
}
