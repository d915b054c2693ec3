import type { Messages } from "./types.js";

export const nl: Messages = {
  summaryHeading: "Clearance-compliancereview",
  reviewBody: (count) => `Clearance heeft ${count === 1 ? "1 opmerking" : `${count} opmerkingen`} bij gewijzigde regels geplaatst. De samenvattende reactie op deze pull request noemt alle bevindingen, per control.`,
  notOnDiffLine: "Deze bevindingen gaan over regels buiten de gewijzigde delen van de diff en staan daarom hier.",
  overInlineLimit: (limit) => `Een review bevat hoogstens ${limit} regelopmerkingen; de overige bevindingen staan hier.`,
  fixedHeading: "Opgelost sinds een eerdere review",
  fixedItem: (location) => `${location} wordt niet meer gemeld.`,
  reviewedHeading: "Wat is gereviewd",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 gewijzigd bestand" : `${files} gewijzigde bestanden`}.`,
  skippedFiles: "Overgeslagen bestanden:",
  skipReasons: {
    binary: "binair bestand",
    generated: "gegenereerd bestand",
    vendored: "meegeleverde afhankelijkheid (vendored)",
    ignored: "uitgesloten door `.github/clearance.yml`",
    no_diff: "GitHub toont voor dit bestand geen diff (te groot)",
  },
  tooManyFiles: (limit) => `GitHub toont hoogstens ${limit} gewijzigde bestanden per pull request; bestanden daarboven zijn niet gereviewd.`,
  configIgnored: (detail) => `\`.github/clearance.yml\` kon niet worden gebruikt en is genegeerd: ${detail}`,
  paused: {
    allowance_reached: "Reviews zijn gepauzeerd: de maandelijkse bundel reviews van privérepository's van deze organisatie is op.",
    public_cap_reached: "Reviews zijn gepauzeerd: deze organisatie heeft de maandelijkse limiet voor reviews van openbare repository's bereikt.",
    resumeLead: "Reviews worden hervat zodra een van deze dingen gebeurt:",
    resumeWays: {
      next_period: (date) => `de volgende factuurmaand begint op ${date} (UTC)`,
      claim: "de installatie wordt in Clearance geclaimd, wat een proefperiode van 14 dagen start",
      upgrade: "de organisatie stapt over op een groter abonnement",
      overage: "een eigenaar schakelt extra reviews in, tegen $ 0,49 per extra pull request",
    },
  },
  euInferenceFailed: "De review is mislukt: het model in de EU-regio was niet bereikbaar. EU-inferentie staat aan voor deze organisatie, dus er is geen ander model gebruikt en er zijn geen bevindingen geplaatst.",
  reviewFailed: "De review is mislukt door een onverwachte fout; er zijn geen bevindingen geplaatst.",
  retryHint: "Push een nieuwe commit of reageer met `/clearance` om het opnieuw te proberen.",
  nothingToReview: "Niets te reviewen: alle gewijzigde bestanden zijn overgeslagen.",
  euInferenceFooter: "EU-inferentie staat aan: voor deze review is geen model buiten de EU-regio gebruikt.",
  checkSummary: (findings) => (findings === 0 ? "Geen compliancebevindingen." : `${findings === 1 ? "1 bevinding" : `${findings} bevindingen`}; zie de samenvattende reactie op de pull request.`),
};
