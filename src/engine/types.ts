// The review engine's one interface: changed files + configuration in, findings + summary out.
import type { CommitmentArea, OrganisationConfiguration, ReviewLanguage } from "../domain/types.js";

export interface ChangedFile {
  /** Path after the change. */
  path: string;
  previousPath?: string;
  status: "added" | "modified" | "removed" | "renamed" | "copied" | "changed" | "unchanged";
  /** Unified diff hunk text as GitHub's "list pull request files" returns it; absent for binary or huge files. */
  patch?: string;
  additions?: number;
  deletions?: number;
}

export interface ReviewInput {
  repository: string; // owner/name
  pullNumber: number;
  headSha: string;
  title?: string;
  files: ChangedFile[];
}

/** Areas a finding can belong to. The first five match the commitment areas. */
export type FindingArea =
  | CommitmentArea
  | "secrets"
  | "ai_use";

export type Severity = "low" | "medium" | "high";

export interface CitedControl {
  framework: string; // catalogue framework id, e.g. "ISO_27001"
  id: string; // as the framework publishes it, e.g. "A.8.15"
  title: string;
}

export interface Finding {
  /** Stable across re-reviews of the same code: rule + path + normalised line content. */
  fingerprint: string;
  ruleId: string;
  path: string;
  /** Line numbers on the RIGHT (new) side of the diff; for a removed-lines finding, the nearest new-side line in the hunk. */
  startLine?: number;
  line: number;
  /** "RIGHT" for added/context lines; "LEFT" when the finding is about removed lines only. */
  side: "RIGHT" | "LEFT";
  area: FindingArea;
  severity: Severity;
  /** The finding's title in the review language, plain text (no markdown). */
  title: string;
  /** One or two sentences in the review language (markdown): what changed and what to check. */
  body: string;
  /**
   * The inline comment, short: the title, the body, the commitment if one applies, and at most three
   * controls per framework. Markdown in the review language; control ids stay as published.
   */
  message: string;
  /**
   * A one-click fix for the finding's single line, built by the engine (never from model text) where
   * the fix is certain: the replacement text of line `line`, for a GitHub suggestion block.
   */
  suggestion?: string;
  controls: CitedControl[];
  commitment?: { area: CommitmentArea; implementation: string; source?: string };
  source: "analyzer" | "model";
}

export interface ReviewSummary {
  /** Markdown, review language; lists findings by control. The GitHub side adds what was reviewed. */
  markdown: string;
  /** Which engine(s) produced the findings, e.g. "analyzer", "analyzer+model", "analyzer+eu_model". */
  engine: string;
  /** Notes for the summary, in the review language (e.g. "the model was unavailable"). */
  notes: string[];
  /** The one line about EU inference, when the organisation has it on (shown once, at the end). */
  euNote?: string;
  /** True when no framework is selected and the review cites the baseline (ISO 27001 and SOC 2). */
  baseline: boolean;
}

export interface ReviewResult {
  findings: Finding[];
  summary: ReviewSummary;
  usage: { promptTokens: number; completionTokens: number };
}

export interface ModelEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface EngineOptions {
  model?: ModelEndpoint;
  euModel?: ModelEndpoint;
  timeoutMs?: number;
  maxRetries?: number;
  tokenBudget?: number;
  /** Additive: prompt tokens per model request; larger diffs are split into chunks of this size (default 6000). */
  chunkTokens?: number;
  /** Additive: first retry delay in ms, doubled per retry (default 500). */
  retryBaseDelayMs?: number;
}

/** Thrown when an eu_inference organisation's EU model call fails: the review fails, no fallback. */
export class EuInferenceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EuInferenceError";
  }
}

export type ReviewFunction = (
  input: ReviewInput,
  configuration: OrganisationConfiguration,
  options?: EngineOptions,
) => Promise<ReviewResult>;

export type { ReviewLanguage };
