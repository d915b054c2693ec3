// A period stated in a commitment's text ("400-day log retention", "13 Monate", "deleted within 30 days").
import type { Commitment } from "../../domain/types.js";

const PERIOD = /(\d+(?:[.,]\d+)?)\s*[- ]?\s*(days?|d\b|tage?n?|jours?|d[ií]as?|giorni|giorno|dagen|dag|dni|dzie[nń]|weeks?|wochen?|semaines?|semanas?|settimane?|weken|week|tygodni\w*|months?|monate?n?|mois|mes(?:es)?|mesi|mese|maanden|maand|miesi[aą]c\w*|years?|jahre?n?|ans?|a[nñ]os?|anni|anno|jaar|jaren|lat|rok|lata)\b/i;

const FACTORS: Array<[RegExp, number]> = [
  [/^(?:weeks?|wochen?|semaines?|semanas?|settimane?|weken|week|tygodni\w*)$/i, 7],
  [/^(?:months?|monate?n?|mois|mes(?:es)?|mesi|mese|maanden|maand|miesi[aą]c\w*)$/i, 30],
  [/^(?:years?|jahre?n?|ans?|a[nñ]os?|anni|anno|jaar|jaren|lat|rok|lata)$/i, 365],
];

/** Days stated in the commitment, or undefined when it states no period. */
export function readCommitmentPeriodDays(commitment: Commitment | undefined): number | undefined {
  if (!commitment) return undefined;
  const m = PERIOD.exec(commitment.implementation);
  if (!m) return undefined;
  const amount = Number(m[1].replace(",", "."));
  const factor = FACTORS.find(([pattern]) => pattern.test(m[2]))?.[1] ?? 1;
  return amount * factor;
}
