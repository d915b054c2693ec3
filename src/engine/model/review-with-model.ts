// The optional model reviewer: the diff in chunks within a token budget, answers validated against the schema,
// citations kept only when they are in the catalogue and in the selected frameworks.
import type { EngineOptions, Finding, ModelEndpoint, ReviewInput } from "../types.js";
import { EuInferenceError } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";
import { chunkDiff, estimateTokens } from "./chunk-diff.js";
import { buildSystemPrompt } from "./build-prompt.js";
import { callChatCompletions, ModelCallError } from "./call-chat-completions.js";
import { validateModelAnswer, type ModelAnswer } from "./answer-schema.js";
import { toModelFindings } from "./to-model-findings.js";
import { fill, messagesFor } from "../messages/review-messages.js";

export interface ModelOutcome {
  /** True when at least one part of the diff got a usable answer. */
  reviewed: boolean;
  findings: Finding[];
  notes: string[];
  usage: { promptTokens: number; completionTokens: number };
}

const DEFAULTS = { timeoutMs: 30_000, maxRetries: 2, tokenBudget: 60_000, chunkTokens: 6_000, retryBaseDelayMs: 500 };

function parseAnswer(content: string): ModelAnswer | undefined {
  const json = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  try {
    const answer: unknown = JSON.parse(json);
    return validateModelAnswer(answer) ? answer : undefined;
  } catch {
    return undefined;
  }
}

export async function reviewWithModel(
  input: ReviewInput,
  configuration: OrganisationConfiguration,
  endpoint: ModelEndpoint,
  isEu: boolean,
  options: EngineOptions,
): Promise<ModelOutcome> {
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
  };
  const budget = options.tokenBudget ?? DEFAULTS.tokenBudget;
  const m = messagesFor(configuration.review_language).summary;
  const system = buildSystemPrompt(configuration);
  const systemTokens = estimateTokens(system);
  const chunks = chunkDiff(input.files, Math.max(500, (options.chunkTokens ?? DEFAULTS.chunkTokens) - systemTokens));
  const usage = { promptTokens: 0, completionTokens: 0 };
  const findings: Finding[] = [];
  const notes: string[] = [];
  const reviewedPaths = new Set<string>();
  let spent = 0;
  let valid = 0;
  let invalid = 0;
  let skipped = false;

  for (const chunk of chunks) {
    if (spent + systemTokens + chunk.estimatedTokens > budget) { skipped = true; break; }
    spent += systemTokens + chunk.estimatedTokens;
    const body = {
      model: endpoint.model,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: system },
        { role: "user", content: `Pull request ${input.repository}#${input.pullNumber}${input.title ? `: ${input.title}` : ""}\n\n${chunk.text}` },
      ],
    };
    let completion;
    try {
      completion = await callChatCompletions(endpoint, body, limits);
    } catch (error) {
      if (isEu) throw new EuInferenceError(`EU model review failed: ${(error as Error).message}`, { cause: error });
      const reason = error instanceof ModelCallError ? error.message : "error";
      return { reviewed: false, findings: [], notes: [...notes, fill(m.noteModelFailed, { reason })], usage };
    }
    usage.promptTokens += completion.promptTokens ?? systemTokens + chunk.estimatedTokens;
    usage.completionTokens += completion.completionTokens ?? estimateTokens(completion.content);
    const answer = parseAnswer(completion.content);
    if (!answer) { invalid++; continue; }
    valid++;
    for (const path of chunk.paths) reviewedPaths.add(path);
    findings.push(...toModelFindings(answer, chunk.paths, input, configuration));
  }
  if (invalid > 0) notes.push(fill(m.noteModelInvalid, { count: invalid }));
  if (skipped) {
    const total = input.files.filter((f) => f.patch).length;
    notes.push(fill(m.noteTokenBudget, { reviewed: reviewedPaths.size, total }));
  }
  return { reviewed: valid > 0, findings, notes, usage };
}
