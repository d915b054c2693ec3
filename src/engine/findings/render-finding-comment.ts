// The inline comment of a finding, short by construction: a title line, one or two sentences, the
// commitment if one applies, and the cited controls (already at most three per framework).
import type { CitedControl, FindingArea, Severity } from "../types.js";
import type { ReviewMessages } from "../messages/review-messages.js";
import { renderControlsLine } from "./render-controls-line.js";

export interface FindingCommentParts {
  title: string;
  area: FindingArea;
  severity: Severity;
  body: string;
  /** Already rendered: the quoted commitment and how the change relates to it. */
  commitment?: string;
  controls: CitedControl[];
  messages: ReviewMessages;
}

export function renderFindingComment(parts: FindingCommentParts): string {
  const { messages } = parts;
  const lines = [`**${parts.title}** · ${messages.areas[parts.area]} · ${messages.severity[parts.severity]}`, parts.body];
  if (parts.commitment) lines.push(parts.commitment);
  lines.push(renderControlsLine(parts.controls, messages));
  return lines.join("\n\n");
}
