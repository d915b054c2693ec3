// Quotes the organisation's commitment in the finding's area and says how the change relates to it.
import type { Commitment } from "../../domain/types.js";
import type { CommitmentRelation } from "../analyzer/rule-table.js";
import { fill, type ReviewMessages } from "../messages/review-messages.js";
import { readCommitmentPeriodDays } from "../grounding/read-commitment-period.js";
import { formatDays } from "../analyzer/detectors/detect-retention-changes.js";

export function renderCommitment(
  commitment: Commitment,
  relation: CommitmentRelation,
  retentionDays: number | undefined,
  ruleId: string,
  messages: ReviewMessages,
): string {
  const quote = fill(messages.commitment.quote, {
    area: messages.areas[commitment.area] ?? commitment.area,
    implementation: commitment.implementation,
    source: commitment.source ? fill(messages.commitment.source, { source: commitment.source }) : "",
  });
  let relationText: string;
  if (relation === "retention" && retentionDays !== undefined) {
    const committed = readCommitmentPeriodDays(commitment);
    const values = { value: formatDays(retentionDays), committed: committed === undefined ? "" : formatDays(committed) };
    // A log-retention commitment is a minimum; a personal-data retention commitment is a maximum.
    const isMinimum = ruleId === "log-retention-shortened";
    if (committed === undefined) relationText = fill(messages.commitment.retentionUnstated, values);
    else if (isMinimum ? retentionDays < committed : retentionDays > committed)
      relationText = fill(isMinimum ? messages.commitment.retentionBelow : messages.commitment.retentionAbove, values);
    else relationText = fill(messages.commitment.retentionWithin, values);
  } else {
    relationText = relation === "adds" ? messages.commitment.adds : messages.commitment.weakens;
  }
  return `> ${quote}\n\n${relationText}`;
}
