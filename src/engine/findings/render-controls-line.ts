// The closing line of every comment: the controls it cites, ids and titles as published.
import type { CitedControl } from "../types.js";
import type { ReviewMessages } from "../messages/review-messages.js";

export function renderControlsLine(controls: CitedControl[], messages: ReviewMessages): string {
  if (controls.length === 0) return `_${messages.noControls}_`;
  return `**${messages.controlsHeading}:** ${controls.map((c) => `${c.framework} ${c.id} (${c.title})`).join("; ")}`;
}
