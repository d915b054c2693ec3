// Picks the evidence messages of a review language; English when the language is unknown.
import type { ReviewLanguage } from "../../domain/types.js";
import { de } from "./de.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { it } from "./it.js";
import { nl } from "./nl.js";
import { pl } from "./pl.js";
import type { EvidenceMessages } from "./types.js";

export const EVIDENCE_MESSAGES: Record<ReviewLanguage, EvidenceMessages> = { en, de, es, fr, it, nl, pl };

export function evidenceMessagesFor(language: string): EvidenceMessages {
  return EVIDENCE_MESSAGES[language as ReviewLanguage] ?? en;
}

export type { EvidenceMessages };
