import { describe, expect, it } from "@jest/globals";
import { REVIEW_LANGUAGES } from "../../src/domain/types.js";
import { messagesFor } from "../../src/engine/messages/review-messages.js";
import { RULES } from "../../src/engine/analyzer/rule-table.js";
import { review } from "../../src/engine/index.js";
import { configuration, input, LOG_RETENTION_30 } from "./support/configuration.js";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)).sort();
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// A word each language's log-retention comment must contain.
const EXPECTED_WORD = { en: "retention", de: "Aufbewahrung", es: "conservación", fr: "conservation", it: "conservazione", nl: "bewaartermijn", pl: "przechowywania" } as const;

describe("review languages", () => {
  const english = messagesFor("en");

  it("has every text in all seven languages, with the same placeholders", () => {
    for (const language of REVIEW_LANGUAGES) {
      const messages = messagesFor(language);
      expect(keysOf(messages)).toEqual(keysOf(english));
      for (const key of keysOf(english)) {
        const path = key.split(".");
        const en = path.reduce<any>((o, k) => o[k], english) as string;
        const other = path.reduce<any>((o, k) => o[k], messages) as string;
        expect({ language, key, placeholders: placeholders(other) }).toEqual({ language, key, placeholders: placeholders(en) });
        if (language !== "en" && key.startsWith("rules.")) expect({ language, key, same: other === en }).toEqual({ language, key, same: false });
      }
    }
  });

  it("has texts for every analyzer rule", () => {
    for (const rule of RULES) expect(english.rules[rule.message ?? rule.id]).toBeDefined();
  });

  it.each(REVIEW_LANGUAGES)("writes findings and the summary in %s, keeping control ids as published", async (language) => {
    const result = await review(input([LOG_RETENTION_30]), configuration({ review_language: language, frameworks: ["ISO_27001"] }));
    const [finding] = result.findings;
    expect(finding.message).toContain(EXPECTED_WORD[language]);
    expect(finding.message).toContain("ISO_27001 A.8.15 (Logging)");
    expect(finding.message).toContain(messagesFor(language).areas.logging);
    expect(result.summary.markdown).toContain(messagesFor(language).summary.heading);
    expect(result.summary.markdown).toContain(messagesFor(language).summary.disclaimer);
  });

  it("makes no certification claim in any language", () => {
    for (const language of REVIEW_LANGUAGES) {
      const text = JSON.stringify(messagesFor(language)).toLowerCase();
      expect(text).not.toMatch(/\b(?:is compliant|are compliant|certified compliant|ist konform|es conforme|est conforme|è conforme|is conform|certyfikowan)/);
    }
  });
});
