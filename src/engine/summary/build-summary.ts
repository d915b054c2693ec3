// The summary of a review, in the review language: how many findings, which frameworks are cited
// (or that the baseline is, and how to choose), every finding grouped by the controls it cites,
// the commitments touched (named in words), notes, and the disclaimer. The GitHub summary comment
// embeds the same text with links to the head commit; the engine's own copy has no links.
import type { Finding, ReviewSummary } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import { fill, messagesFor } from "../messages/review-messages.js";
import { codeSpan } from "./code-span.js";

/**
 * The list stops at this many characters (about 200 findings with links), so the whole comment stays
 * under GitHub's 65,536; the rest are counted, not lost silently.
 */
export const MAX_LIST_CHARS = 50_000;

export interface SummaryOptions {
  engine: string;
  notes: string[];
  euNote?: string;
  baseline: boolean;
}

export interface FindingsTextOptions {
  /** Where a finding's location links to (the file at the head commit); plain text without it. */
  linkFor?: (finding: Finding) => string | undefined;
  /** Findings whose explanation is shown too (those that have no inline comment). */
  explain?: (finding: Finding) => boolean;
  /** A short reference shown after each finding (the one `/clearance accept` takes). */
  referenceFor?: (finding: Finding) => string | undefined;
  /** A heading of the engine's own; the GitHub comment has its own heading above this text. */
  heading?: boolean;
  baseline: boolean;
  notes: string[];
}

export function buildSummary(findings: Finding[], configuration: OrganisationConfiguration, options: SummaryOptions): ReviewSummary {
  const markdown = renderFindingsText(findings, configuration, { heading: true, baseline: options.baseline, notes: options.notes });
  return { markdown, engine: options.engine, notes: options.notes, ...(options.euNote ? { euNote: options.euNote } : {}), baseline: options.baseline };
}

export function renderFindingsText(findings: Finding[], configuration: OrganisationConfiguration, options: FindingsTextOptions): string {
  const messages = messagesFor(configuration.review_language);
  const m = messages.summary;
  const lines: string[] = options.heading ? [`### ${m.heading}`, ""] : [];
  if (findings.length === 0) lines.push(m.none);
  else if (findings.length === 1) lines.push(fill(m.countOne, { severity: messages.severity[findings[0]!.severity] }));
  else {
    const count = (s: string) => findings.filter((f) => f.severity === s).length;
    lines.push(fill(m.count, { count: findings.length, high: count("high"), medium: count("medium"), low: count("low") }));
  }
  lines.push("", options.baseline ? m.baseline : configuration.frameworks.length ? fill(m.frameworks, { frameworks: configuration.frameworks.join(", ") }) : m.noFrameworks);

  if (findings.length > 0) {
    lines.push("", `#### ${m.byControl}`);
    let listed = 0;
    let size = 0;
    groups: for (const [group, members] of groupByControls(findings, messages.areas)) {
      lines.push("", group);
      size += group.length;
      for (const finding of members) {
        const item = findingItem(finding, messages.severity, options);
        if (size + item.length > MAX_LIST_CHARS) break groups;
        lines.push(item);
        size += item.length + 1;
        listed++;
      }
    }
    if (listed < findings.length) lines.push("", fill(m.more, { count: findings.length - listed }));
  }

  const touched = [...new Set(findings.flatMap((f) => (f.commitment ? [f.commitment.area] : [])))];
  if (touched.length) lines.push("", fill(m.commitments, { areas: touched.map((area) => messages.areas[area] ?? area).join(", ") }));
  if (options.notes.length) lines.push("", `#### ${m.notes}`, "", ...options.notes.map((n) => `- ${n}`));
  lines.push("", `_${m.disclaimer}_`);
  return lines.join("\n");
}

/**
 * Findings that cite the same controls form one group, headed by those controls, in the order of
 * their first finding; a finding that cites nothing is grouped by its area. Each finding is listed once.
 */
function groupByControls(findings: Finding[], areas: Record<string, string>): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const heading = finding.controls.length ? controlsHeading(finding) : `**${areas[finding.area] ?? finding.area}**`;
    const group = groups.get(heading);
    if (group) group.push(finding);
    else groups.set(heading, [finding]);
  }
  return groups;
}

/** "**ISO_27001** A.8.15 (Logging), A.8.16 (Monitoring activities) · **SOC_2** CC7.2 (…)" */
function controlsHeading(finding: Finding): string {
  const byFramework = new Map<string, string[]>();
  for (const c of finding.controls) byFramework.set(c.framework, [...(byFramework.get(c.framework) ?? []), `${c.id} (${c.title})`]);
  return [...byFramework].map(([framework, ids]) => `**${framework}** ${ids.join(", ")}`).join(" · ");
}

function findingItem(finding: Finding, severity: Record<string, string>, options: FindingsTextOptions): string {
  const range = finding.startLine !== undefined && finding.startLine < finding.line ? `${finding.startLine}-${finding.line}` : `${finding.line}`;
  const where = codeSpan(`${finding.path}:${range}`);
  const link = options.linkFor?.(finding);
  const location = link ? `[${where}](${link})` : where;
  const reference = options.referenceFor?.(finding);
  const item = `- ${location} ${finding.title} (${severity[finding.severity]}${reference ? `, ${codeSpan(reference)}` : ""})`;
  return options.explain?.(finding) ? `${item}: ${finding.body}` : item;
}
