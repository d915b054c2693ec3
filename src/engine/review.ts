// The engine's one entry point: changed files + configuration in, findings + summary out.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { EngineOptions, Finding, ReviewFunction, ReviewInput, ReviewResult } from "./types.js";
import type { OrganisationConfiguration } from "../domain/types.js";
import { analyzeFiles, SLICE_MS } from "./analyzer/analyze-files.js";
import { readProfileContext } from "./grounding/read-profile-context.js";
import { renderFinding } from "./findings/render-finding.js";
import { buildSummary } from "./summary/build-summary.js";
import { reviewWithModel } from "./model/review-with-model.js";
import { mergeFindings } from "./findings/merge-findings.js";
import { chooseModelEndpoint } from "./model/choose-model-endpoint.js";
import { messagesFor } from "./messages/review-messages.js";

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

export async function runAnalyzer(input: ReviewInput, configuration: OrganisationConfiguration): Promise<Finding[]> {
  const context = { profile: readProfileContext(configuration.profile), commitments: configuration.commitments ?? [] };
  const raw = await analyzeFiles(input.files, context);
  // Thousands of findings take a while to render: in slices, like the analysis, so the event loop keeps turning.
  const findings: Finding[] = [];
  let sliceStart = performance.now();
  for (const finding of raw) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
    findings.push(renderFinding(finding, configuration));
  }
  return findings;
}

export const review: ReviewFunction = async (input: ReviewInput, configuration: OrganisationConfiguration, options: EngineOptions = {}): Promise<ReviewResult> => {
  const analyzerFindings = await runAnalyzer(input, configuration);
  const notes: string[] = [];
  let findings = analyzerFindings;
  let engine = "analyzer";
  let usage = { promptTokens: 0, completionTokens: 0 };

  const route = chooseModelEndpoint(configuration, options);
  if (route.kind === "eu-missing") notes.push(messagesFor(configuration.review_language).summary.noteNoEuModel);
  if (route.kind === "model" || route.kind === "eu") {
    // reviewWithModel throws EuInferenceError for an EU endpoint that fails: no fallback, the review fails.
    const outcome = await reviewWithModel(input, configuration, route.endpoint, route.kind === "eu", options);
    usage = outcome.usage;
    notes.push(...outcome.notes);
    if (outcome.reviewed) {
      engine = route.kind === "eu" ? "analyzer+eu_model" : "analyzer+model";
      findings = mergeFindings(analyzerFindings, outcome.findings);
    }
  }
  findings = [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.path.localeCompare(b.path) || a.line - b.line);
  return { findings, summary: buildSummary(findings, configuration, engine, notes), usage };
};
