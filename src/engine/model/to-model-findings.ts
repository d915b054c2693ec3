// Model answers become Findings only where they point at a line of the chunk's files, and keep only the
// citations that exist in the catalogue for a framework the organisation selected.
import type { CitedControl, Finding, ReviewInput } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import type { ModelAnswer } from "./answer-schema.js";
import { controlTitle } from "../catalogue/control-catalogue.js";
import { parsePatch } from "../diff/parse-patch.js";
import { messagesFor } from "../messages/review-messages.js";
import { fingerprint } from "../findings/fingerprint.js";
import { renderControlsLine } from "../findings/render-controls-line.js";
import { fill } from "../messages/review-messages.js";

export function filterCitations(controls: Array<{ framework: string; id: string }>, selected: string[]): CitedControl[] {
  const cited: CitedControl[] = [];
  for (const c of controls) {
    if (!selected.includes(c.framework)) continue;
    const title = controlTitle(c.framework, c.id);
    if (title && !cited.some((x) => x.framework === c.framework && x.id === c.id)) cited.push({ framework: c.framework, id: c.id, title });
  }
  return cited;
}

export function toModelFindings(answer: ModelAnswer, chunkPaths: string[], input: ReviewInput, configuration: OrganisationConfiguration): Finding[] {
  const messages = messagesFor(configuration.review_language);
  const findings: Finding[] = [];
  for (const item of answer.findings) {
    if (!chunkPaths.includes(item.path)) continue;
    const file = input.files.find((f) => f.path === item.path);
    const lines = parsePatch(file?.patch ?? "");
    const line = lines.find((l) => l.kind !== "-" && l.newLine === item.line);
    if (!line) continue; // a line outside the diff cannot carry an inline comment
    // A multi-line comment must start on a diff line of the same hunk.
    const start = item.startLine !== undefined && item.startLine < item.line ? lines.find((l) => l.kind !== "-" && l.newLine === item.startLine && l.hunk === line.hunk) : undefined;
    const controls = filterCitations(item.controls, configuration.frameworks);
    const commitment = configuration.commitments.find((c) => c.area === (item.commitmentArea ?? item.area));
    const parts = [
      `**${messages.model.title}** · ${messages.areas[item.area]} · ${messages.severity[item.severity]}`,
      item.message.trim(),
    ];
    if (commitment) parts.push(`> ${fill(messages.commitment.quote, { area: messages.areas[commitment.area], implementation: commitment.implementation, source: commitment.source ? fill(messages.commitment.source, { source: commitment.source }) : "" })}`);
    parts.push(renderControlsLine(controls, messages));
    findings.push({
      fingerprint: fingerprint(`model:${item.area}`, item.path, line.text),
      ruleId: `model:${item.area}`,
      path: item.path,
      ...(start ? { startLine: start.newLine } : {}),
      line: item.line,
      side: "RIGHT",
      area: item.area,
      severity: item.severity,
      message: parts.join("\n\n"),
      controls,
      ...(commitment ? { commitment: { area: commitment.area, implementation: commitment.implementation, ...(commitment.source ? { source: commitment.source } : {}) } } : {}),
      source: "model",
    });
  }
  return findings;
}
