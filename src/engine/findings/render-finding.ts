// Turns an analyzer result into the Finding the GitHub side posts: text in the review language, the controls of
// the selected frameworks, and the commitment of the area if there is one.
import type { Finding, FindingArea } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import type { RawFinding } from "../analyzer/raw-finding.js";
import { RULES_BY_ID } from "../analyzer/rule-table.js";
import { CHANGE_AREAS, citeControls } from "../catalogue/control-catalogue.js";
import { fill, messagesFor } from "../messages/review-messages.js";
import { fingerprint } from "./fingerprint.js";
import { renderCommitment } from "./render-commitment.js";
import { shortenBody, splitSentences } from "./shorten-body.js";
import { limitControls } from "./limit-controls.js";
import { renderFindingComment } from "./render-finding-comment.js";

export function renderFinding(raw: RawFinding, configuration: OrganisationConfiguration): Finding {
  const rule = RULES_BY_ID.get(raw.ruleId);
  if (!rule) throw new Error(`unknown rule ${raw.ruleId}`);
  const messages = messagesFor(configuration.review_language);
  const text = messages.rules[rule.message ?? raw.ruleId];
  const area = CHANGE_AREAS[rule.changeAreas[0]].findingArea as FindingArea;
  const severity = raw.severity ?? rule.severity;
  // An extra change area comes from the profile or the context (an international transfer beside a
  // subprocessor): the most specific grounding, so its controls come first under the limit.
  const controls = limitControls(citeControls([...(raw.extraChangeAreas ?? []), ...rule.changeAreas], configuration.frameworks));
  const commitment = configuration.commitments.find((c) => c.area === area);

  const detail: Record<string, string> = { ...(raw.detail ?? {}) };
  if (detail.to !== undefined) detail.change = fill(detail.from ? messages.retention.changed : messages.retention.set, detail);
  const title = fill(text.title, detail);
  // Shortened before filling, so a placeholder value ("Sentry.io") never looks like a sentence end.
  const sentences = shortenBody(text.body, configuration.review_language);
  // A fact from the profile (EU hosting, health data) is the grounding that matters most: it takes
  // the place of the generic second sentence.
  const profileNote = raw.profileNotes?.[0];
  const body = profileNote
    ? `${fill(splitSentences(text.body, configuration.review_language)[0] ?? "", detail)} ${fill(messages.profile[profileNote.key], profileNote.values)}`
    : fill(sentences, detail);
  const message = renderFindingComment({
    title,
    area,
    severity,
    body,
    commitment: commitment ? renderCommitment(commitment, rule.relation, raw.retentionDays, raw.ruleId, messages) : undefined,
    controls,
    messages,
  });

  return {
    fingerprint: fingerprint(raw.ruleId, raw.path, raw.evidence),
    ruleId: raw.ruleId,
    path: raw.path,
    ...(raw.startLine !== undefined && raw.startLine < raw.line ? { startLine: raw.startLine } : {}),
    line: raw.line,
    side: raw.side,
    area,
    severity,
    title,
    body,
    message,
    controls,
    ...(commitment ? { commitment: { area: commitment.area, implementation: commitment.implementation, ...(commitment.source ? { source: commitment.source } : {}) } } : {}),
    source: "analyzer",
  };
}
