// Texts of findings and summaries in the seven review languages (messages/<language>.json).
import type { ReviewLanguage } from "../../domain/types.js";
import { REVIEW_LANGUAGES } from "../../domain/types.js";
import { loadDataFile } from "../load-data-file.js";

export type ReviewMessages = {
  areas: Record<string, string>;
  severity: Record<string, string>;
  controlsHeading: string;
  noControls: string;
  commitment: Record<string, string>;
  profile: Record<string, string>;
  retention: Record<string, string>;
  rules: Record<string, { title: string; body: string }>;
  model: Record<string, string>;
  summary: Record<string, string>;
};

const MESSAGES = Object.fromEntries(
  REVIEW_LANGUAGES.map((language) => [language, loadDataFile<ReviewMessages>(`messages/${language}.json`)]),
) as Record<ReviewLanguage, ReviewMessages>;

export function messagesFor(language: ReviewLanguage): ReviewMessages {
  return MESSAGES[language] ?? MESSAGES.en;
}

/** Replaces {name} placeholders; unknown names stay visible rather than silently disappearing. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
