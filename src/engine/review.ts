// The engine's one entry point: changed files + configuration in, findings + summary out.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { ChangedFile, EngineOptions, Finding, ReviewFunction, ReviewInput, ReviewResult } from "./types.js";
import type { OrganisationConfiguration } from "../domain/types.js";
import { analyzeFiles, SLICE_MS } from "./analyzer/analyze-files.js";
import { readProfileContext } from "./grounding/read-profile-context.js";
import { citedFrameworks, withCitedFrameworks } from "./grounding/cite-frameworks.js";
import { renderFinding } from "./findings/render-finding.js";
import { buildSuggestion } from "./findings/build-suggestion.js";
import { buildSummary } from "./summary/build-summary.js";
import { reviewWithModel } from "./model/review-with-model.js";
import { mergeFindings } from "./findings/merge-findings.js";
import { chooseModelEndpoint } from "./model/choose-model-endpoint.js";
import { messagesFor } from "./messages/review-messages.js";
import { parsePatch } from "./diff/parse-patch.js";

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;
/** The same order as String.prototype.localeCompare, without building a collator per comparison. */
const PATH_ORDER = new Intl.Collator();

/** Gives the event loop a turn when the current stretch of work has run for SLICE_MS. */
function slicer(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart <= SLICE_MS) return undefined;
    return yieldToEventLoop().then(() => { sliceStart = performance.now(); });
  };
}

/** The analyzer's findings, citing the selected frameworks (or the baseline when none is selected). */
export async function runAnalyzer(input: ReviewInput, configuration: OrganisationConfiguration): Promise<Finding[]> {
  const cited = withCitedFrameworks(configuration);
  const context = { profile: readProfileContext(cited.profile), commitments: cited.commitments ?? [] };
  const raw = await analyzeFiles(input.files, context);
  // Thousands of findings take a while to render: in slices, like the analysis, so the event loop keeps turning.
  const findings: Finding[] = [];
  const turn = slicer();
  for (const finding of raw) {
    await turn();
    findings.push(renderFinding(finding, cited));
  }
  return withSuggestions(findings, input.files, turn);
}

export const review: ReviewFunction = async (input: ReviewInput, configuration: OrganisationConfiguration, options: EngineOptions = {}): Promise<ReviewResult> => {
  const cited = withCitedFrameworks(configuration);
  const analyzerFindings = await runAnalyzer(input, configuration);
  const summaryMessages = messagesFor(configuration.review_language).summary;
  const notes: string[] = [];
  let euNote: string | undefined;
  let findings = analyzerFindings;
  let engine = "analyzer";
  let usage = { promptTokens: 0, completionTokens: 0 };

  const route = chooseModelEndpoint(configuration, options);
  if (route.kind === "eu-missing") euNote = summaryMessages.noteNoEuModel;
  if (route.kind === "model" || route.kind === "eu") {
    // reviewWithModel throws EuInferenceError for an EU endpoint that fails: no fallback, the review fails.
    const outcome = await reviewWithModel(input, cited, route.endpoint, route.kind === "eu", options);
    usage = outcome.usage;
    notes.push(...outcome.notes);
    if (route.kind === "eu") euNote = summaryMessages.noteEuModel;
    if (outcome.reviewed) {
      engine = route.kind === "eu" ? "analyzer+eu_model" : "analyzer+model";
      findings = mergeFindings(analyzerFindings, outcome.findings);
    }
  }
  await yieldToEventLoop();
  findings = [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || PATH_ORDER.compare(a.path, b.path) || a.line - b.line);
  await yieldToEventLoop();
  const { baseline } = citedFrameworks(configuration);
  return { findings, summary: buildSummary(findings, cited, { engine, notes, euNote, baseline }), usage };
};

/** Adds the engine's one-click fix to single-line findings of an added line where one is certain. */
async function withSuggestions(findings: Finding[], files: ChangedFile[], turn: () => Promise<void> | undefined): Promise<Finding[]> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  // The last file's lines only: findings come file by file, and thousands of parsed files would stay in memory.
  let parsedPath: string | undefined;
  let lines: ReturnType<typeof parsePatch> = [];
  let shown: string | undefined;
  const out: Finding[] = [];
  for (const finding of findings) {
    await turn();
    out.push(finding);
    if (finding.side !== "RIGHT" || finding.startLine !== undefined) continue;
    const file = byPath.get(finding.path);
    if (!file?.patch) continue;
    if (parsedPath !== file.path) {
      parsedPath = file.path;
      lines = parsePatch(file.patch);
      shown = undefined;
    }
    const line = lines.find((l) => l.kind === "+" && l.newLine === finding.line);
    if (!line) continue;
    shown ??= lines.filter((l) => l.kind !== "-").map((l) => l.text).join("\n");
    const suggestion = buildSuggestion(finding.ruleId, finding.path, line.text, shown);
    if (suggestion !== undefined) out[out.length - 1] = { ...finding, suggestion };
  }
  return out;
}
