// Model answers become Findings only where they point at a line of the chunk's files, and keep only the
// citations that exist in the catalogue for a framework the organisation selected.
import type { CitedControl, Finding, ReviewInput } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import type { ModelAnswer } from "./answer-schema.js";
import { controlTitle } from "../catalogue/control-catalogue.js";
import { parsePatch } from "../diff/parse-patch.js";
import { messagesFor } from "../messages/review-messages.js";
import { fingerprint } from "../findings/fingerprint.js";
import { fill } from "../messages/review-messages.js";
import { limitControls } from "../findings/limit-controls.js";
import { renderFindingComment } from "../findings/render-finding-comment.js";
import { shortenBody } from "../findings/shorten-body.js";
import { neutraliseModelText } from "./neutralise-model-text.js";

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
    const controls = limitControls(filterCitations(item.controls, configuration.frameworks));
    const commitment = configuration.commitments.find((c) => c.area === (item.commitmentArea ?? item.area));
    // The model's words are untrusted (the diff and title can instruct it): made inert, then short.
    const body = neutraliseModelText(shortenBody(item.message, configuration.review_language));
    if (!body) continue;
    const title = messages.model.title;
    findings.push({
      fingerprint: fingerprint(`model:${item.area}`, item.path, line.text),
      ruleId: `model:${item.area}`,
      path: item.path,
      ...(start ? { startLine: start.newLine } : {}),
      line: item.line,
      side: "RIGHT",
      area: item.area,
      severity: item.severity,
      title,
      body,
      message: renderFindingComment({
        title,
        area: item.area,
        severity: item.severity,
        body,
        commitment: commitment
          ? `> ${fill(messages.commitment.quote, { area: messages.areas[commitment.area], implementation: commitment.implementation, source: commitment.source ? fill(messages.commitment.source, { source: commitment.source }) : "" })}`
          : undefined,
        controls,
        messages,
      }),
      controls,
      ...(commitment ? { commitment: { area: commitment.area, implementation: commitment.implementation, ...(commitment.source ? { source: commitment.source } : {}) } } : {}),
      source: "model",
    });
  }
  return findings;
}
