import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <Referenz> --reason "<Begründung>" [--until JJJJ-MM-TT]`';

export const de: EvidenceMessages = {
  referencesLead: `Um einen Befund als bekanntes Risiko zu akzeptieren, kommentiert jemand mit Schreibzugriff ${USAGE}.`,
  moreFindings: (count) => `… und ${count} weitere.`,
  acceptedHeading: "Akzeptierte Befunde",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: akzeptiert von @${a.by}, ${a.until ? `bis ${a.until}` : "ohne Ablauf"}. Begründung: ${a.reason}`,
  acceptedReply: (a) => `Befund \`${a.reference}\` (${a.location}) ist als bekanntes Risiko akzeptiert, ${a.until ? `bis ${a.until} (UTC); danach wird er wieder gemeldet` : "ohne Ablauf"}. Er ist für den Nachweis erfasst und wird in diesem Pull Request nicht mehr gemeldet; die Zusammenfassung wird aktualisiert.`,
  help: [
    "Clearance-Befehle, jeder in einer eigenen Zeile eines Pull-Request-Kommentars:",
    "",
    "- `/clearance` oder `/clearance review`: den neuesten Commit des Pull Requests jetzt prüfen.",
    `- ${USAGE}: einen Befund als bekanntes Risiko akzeptieren. Die Referenz steht in der Zusammenfassung; eine Begründung ist Pflicht; ohne \`--until\` gilt die Ausnahme, bis sie widerrufen wird. Nur Personen mit Schreibzugriff auf das Repository können akzeptieren.`,
    "- `/clearance help`: diese Liste.",
  ].join("\n"),
  usage: `Aufruf: ${USAGE}`,
  problems: {
    missing_reference: () => "Nennen Sie den Befund, den Sie akzeptieren wollen: seine Referenz aus der Zusammenfassung.",
    bad_reference: (d) => `\`${d}\` ist keine Referenz eines Befunds; Referenzen bestehen aus 7 Buchstaben und Ziffern, wie in der Zusammenfassung.`,
    missing_reason: () => "Eine Begründung ist Pflicht: ergänzen Sie `--reason \"…\"`.",
    reason_too_long: () => "Die Begründung ist zu lang: höchstens 500 Zeichen.",
    bad_until: (d) => `\`--until\` braucht ein Datum im Format JJJJ-MM-TT${d ? `, nicht \`${d}\`` : ""}.`,
    unknown_option: (d) => `Unbekannte Option \`${d}\`.`,
    extra_argument: (d) => `Unerwartet: \`${d}\`. Nennen Sie einen Befund und setzen Sie die Begründung in Anführungszeichen.`,
    unclosed_quote: () => "Ein Anführungszeichen ist nicht geschlossen.",
  },
  notPermitted: (login, permission) => `@${login}, nur Personen mit Schreibzugriff auf dieses Repository können Befunde akzeptieren; Ihr Zugriff ist \`${permission}\`. Es wurde nichts erfasst.`,
  permissionCheckFailed: "Ihre Berechtigung im Repository konnte gerade nicht bei GitHub geprüft werden, daher wurde nichts erfasst. Bitte versuchen Sie es gleich noch einmal.",
  closedPullRequest: "Dieser Pull Request ist geschlossen; seine Befunde können nicht mehr akzeptiert werden.",
  unknownFinding: (r) => `In diesem Pull Request gibt es keinen Befund \`${r}\`. Verwenden Sie eine Referenz aus der Zusammenfassung.`,
  ambiguousReference: (r, c) => `\`${r}\` passt auf mehr als einen Befund (${c}); geben Sie mehr Zeichen der Referenz an.`,
  findingFixed: (r) => `Befund \`${r}\` ist bereits behoben; es gibt nichts zu akzeptieren.`,
  untilInPast: (d) => `\`--until ${d}\` liegt in der Vergangenheit; geben Sie heute oder ein späteres Datum an.`,
};
