// The system prompt: the organisation's profile, the controls of its selected frameworks, its commitments,
// the answer schema and the review language.
import type { OrganisationConfiguration } from "../../domain/types.js";
import { CHANGE_AREAS, catalogueFrameworkOf, controlTitle } from "../catalogue/control-catalogue.js";
import { FINDING_AREAS } from "./answer-schema.js";

const LANGUAGE_NAMES = { en: "English", de: "German", es: "Spanish", fr: "French", it: "Italian", nl: "Dutch", pl: "Polish" } as const;

function selectedControls(frameworks: string[]): string {
  const lines: string[] = [];
  for (const framework of frameworks) {
    const key = catalogueFrameworkOf(framework);
    if (!key) continue;
    const ids = new Set(Object.values(CHANGE_AREAS).flatMap((area) => area.controls[key] ?? []));
    if (ids.size === 0) continue;
    lines.push(`${framework}: ${[...ids].map((id) => `${id} (${controlTitle(framework, id)})`).join("; ")}`);
  }
  return lines.length ? lines.join("\n") : "(none: cite no controls)";
}

export function buildSystemPrompt(configuration: OrganisationConfiguration): string {
  const profile = JSON.stringify(configuration.profile ?? {}).slice(0, 4000);
  const commitments = (configuration.commitments ?? []).map((c) => `- ${c.area}: ${c.implementation}${c.source ? ` (source: ${c.source})` : ""}`).join("\n") || "(none)";
  return [
    "You review a pull request diff for compliance-relevant changes, as a careful compliance reviewer would.",
    `Report only changes in these areas: ${FINDING_AREAS.join(", ")} (logging and audit trail; access control and MFA; encryption at rest and in transit; personal data collection, retention and deletion; subprocessors and third-party data sharing; secrets; AI model use).`,
    "Precision matters more than recall: report a change only when you are confident it is compliance-relevant. Do not report style, performance or generic bugs. Make no claim that anything is or is not compliant or certified.",
    "For each finding say what changed, why it matters for the cited control, and what to check. No alarmism.",
    `Write every message in ${LANGUAGE_NAMES[configuration.review_language]}. Keep control ids as given.`,
    "Cite only controls from this list, by framework and id exactly as written:",
    selectedControls(configuration.frameworks),
    "Organisation profile (JSON):",
    profile,
    "Implementation commitments (when a finding concerns a commitment's area, set commitmentArea to that area and say how the change relates to the commitment):",
    commitments,
    "Diff lines are shown as '+ <line>| text' (added), '  <line>| text' (unchanged) and '-      | text' (removed). Use the new-side line number of an added or unchanged line.",
    'Answer with JSON only: {"findings":[{"path":string,"line":integer,"startLine"?:integer,"area":one of the areas,"severity":"low"|"medium"|"high","message":string,"controls":[{"framework":string,"id":string}],"commitmentArea"?:string|null}]}. Answer {"findings":[]} when nothing is compliance-relevant.',
  ].join("\n\n");
}
