// The one summary comment: counts, findings by control, commitments touched, notes, in the review language.
import type { Finding, ReviewSummary } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import { fill, messagesFor } from "../messages/review-messages.js";

export function buildSummary(findings: Finding[], configuration: OrganisationConfiguration, engine: string, notes: string[]): ReviewSummary {
  const m = messagesFor(configuration.review_language).summary;
  const lines = [`### ${m.heading}`, ""];
  if (findings.length === 0) lines.push(m.none);
  else if (findings.length === 1) lines.push(fill(m.countOne, { severity: messagesFor(configuration.review_language).severity[findings[0].severity] }));
  else {
    const count = (s: string) => findings.filter((f) => f.severity === s).length;
    lines.push(fill(m.count, { count: findings.length, high: count("high"), medium: count("medium"), low: count("low") }));
  }
  lines.push("", configuration.frameworks.length ? fill(m.frameworks, { frameworks: configuration.frameworks.join(", ") }) : m.noFrameworks);

  const byControl = new Map<string, number>();
  for (const finding of findings) for (const c of finding.controls) {
    const key = `${c.framework} ${c.id} (${c.title})`;
    byControl.set(key, (byControl.get(key) ?? 0) + 1);
  }
  if (byControl.size > 0) {
    lines.push("", `#### ${m.byControl}`, "", `| ${m.control} | ${m.findings} |`, "|---|---|");
    for (const [control, n] of byControl) lines.push(`| ${control} | ${n} |`);
  } else if (findings.length > 0) {
    const areas = messagesFor(configuration.review_language).areas;
    const byArea = new Map<string, number>();
    for (const f of findings) byArea.set(areas[f.area], (byArea.get(areas[f.area]) ?? 0) + 1);
    lines.push("", `#### ${m.byArea}`, "", `| ${m.byArea} | ${m.findings} |`, "|---|---|");
    for (const [area, n] of byArea) lines.push(`| ${area} | ${n} |`);
  }
  const touched = [...new Set(findings.flatMap((f) => (f.commitment ? [f.commitment.area] : [])))];
  if (touched.length) lines.push("", fill(m.commitments, { areas: touched.join(", ") }));
  if (notes.length) lines.push("", `#### ${m.notes}`, "", ...notes.map((n) => `- ${n}`));
  lines.push("", `_${m.disclaimer}_`);
  return { markdown: lines.join("\n"), engine, notes };
}
