import type { Messages } from "./types.js";

export const de: Messages = {
  summaryHeading: "Clearance-Compliance-Prüfung",
  reviewBody: (count) => `Clearance hat ${count === 1 ? "1 Kommentar" : `${count} Kommentare`} zu geänderten Zeilen hinterlassen. Der Zusammenfassungskommentar in diesem Pull Request führt alle Befunde nach Kontrolle geordnet auf.`,
  notOnDiffLine: "Diese Befunde betreffen Zeilen außerhalb der geänderten Teile des Diffs und stehen deshalb hier.",
  overInlineLimit: (limit) => `Ein Review enthält höchstens ${limit} Zeilenkommentare; die übrigen Befunde stehen hier.`,
  fixedHeading: "Seit einer früheren Prüfung behoben",
  fixedItem: (location) => `${location} wird nicht mehr beanstandet.`,
  reviewedHeading: "Was geprüft wurde",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 geänderte Datei" : `${files} geänderte Dateien`}.`,
  skippedFiles: "Übersprungene Dateien:",
  skipReasons: {
    binary: "Binärdatei",
    generated: "generierte Datei",
    vendored: "eingebundene Fremdabhängigkeit (vendored)",
    ignored: "durch `.github/clearance.yml` ausgeschlossen",
    no_diff: "GitHub zeigt für diese Datei keinen Diff an (zu groß)",
  },
  tooManyFiles: (limit) => `GitHub listet höchstens ${limit} geänderte Dateien eines Pull Requests auf; weitere Dateien wurden nicht geprüft.`,
  configIgnored: (detail) => `\`.github/clearance.yml\` konnte nicht verwendet werden und wurde ignoriert: ${detail}`,
  paused: {
    allowance_reached: "Prüfungen sind pausiert: Das monatliche Kontingent dieser Organisation für Prüfungen privater Repositorys ist aufgebraucht.",
    public_cap_reached: "Prüfungen sind pausiert: Diese Organisation hat das monatliche Limit für Prüfungen öffentlicher Repositorys erreicht.",
    resumeLead: "Die Prüfungen laufen wieder an, sobald eines davon eintritt:",
    resumeWays: {
      next_period: (date) => `der nächste Abrechnungsmonat beginnt am ${date} (UTC)`,
      claim: "die Installation wird in Clearance übernommen, was eine 14-tägige Testphase startet",
      upgrade: "die Organisation wechselt zu einem größeren Plan",
      overage: "ein Owner schaltet zusätzliche Prüfungen frei, zu 0,49 $ je weiterem Pull Request",
    },
  },
  euInferenceFailed: "Die Prüfung ist fehlgeschlagen: Das Modell in der EU-Region war nicht erreichbar. Für diese Organisation ist EU-Inferenz aktiviert, daher wurde kein anderes Modell verwendet und es wurden keine Befunde gepostet.",
  reviewFailed: "Die Prüfung ist wegen eines unerwarteten Fehlers fehlgeschlagen; es wurden keine Befunde gepostet.",
  retryHint: "Pushe einen neuen Commit oder kommentiere `/clearance`, um es erneut zu versuchen.",
  nothingToReview: "Nichts zu prüfen: Alle geänderten Dateien wurden übersprungen.",
  euInferenceFooter: "EU-Inferenz ist aktiviert: Für diese Prüfung wurde kein Modell außerhalb der EU-Region verwendet.",
  checkSummary: (findings) => (findings === 0 ? "Keine Compliance-Befunde." : `${findings === 1 ? "1 Befund" : `${findings} Befunde`}; siehe den Zusammenfassungskommentar im Pull Request.`),
};
