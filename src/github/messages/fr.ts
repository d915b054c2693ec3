import type { Messages } from "./types.js";

export const fr: Messages = {
  summaryHeading: "Revue de conformité Clearance",
  reviewBody: (count) => `Clearance a laissé ${count === 1 ? "1 commentaire" : `${count} commentaires`} sur des lignes modifiées. Le commentaire de synthèse de cette pull request reprend tous les constats, classés par contrôle.`,
  notOnDiffLine: "Ces constats portent sur des lignes situées hors des parties modifiées du diff ; ils sont donc repris ici.",
  overInlineLimit: (limit) => `Une revue contient au plus ${limit} commentaires de ligne ; les autres constats sont repris ici.`,
  fixedHeading: "Corrigé depuis une revue précédente",
  fixedItem: (location) => `${location} n’est plus signalé.`,
  reviewedHeading: "Ce qui a été examiné",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 fichier modifié" : `${files} fichiers modifiés`}.`,
  skippedFiles: "Fichiers ignorés :",
  skipReasons: {
    binary: "fichier binaire",
    generated: "fichier généré",
    vendored: "dépendance embarquée (vendored)",
    ignored: "exclu par `.github/clearance.yml`",
    no_diff: "GitHub n’affiche pas de diff pour ce fichier (trop volumineux)",
  },
  tooManyFiles: (limit) => `GitHub liste au plus ${limit} fichiers modifiés par pull request ; les fichiers au-delà n’ont pas été examinés.`,
  configIgnored: (detail) => `\`.github/clearance.yml\` n’a pas pu être utilisé et a été ignoré : ${detail}`,
  paused: {
    allowance_reached: "Les revues sont suspendues : cette organisation a épuisé son quota mensuel de revues de dépôts privés.",
    public_cap_reached: "Les revues sont suspendues : cette organisation a atteint la limite mensuelle de revues de dépôts publics.",
    resumeLead: "Les revues reprennent dès que l’une de ces conditions est remplie :",
    resumeWays: {
      next_period: (date) => `le mois de facturation suivant commence, le ${date} (UTC)`,
      claim: "l’installation est revendiquée dans Clearance, ce qui démarre un essai de 14 jours",
      upgrade: "l’organisation passe à une offre supérieure",
      overage: "un propriétaire active les revues supplémentaires, à 0,49 $ par pull request supplémentaire",
    },
  },
  euInferenceFailed: "La revue a échoué : le modèle hébergé dans l’UE n’a pas pu être joint. L’inférence dans l’UE est activée pour cette organisation ; aucun autre modèle n’a donc été utilisé et aucun constat n’a été publié.",
  reviewFailed: "La revue a échoué à cause d’une erreur inattendue ; aucun constat n’a été publié.",
  retryHint: "Poussez un nouveau commit ou commentez `/clearance` pour réessayer.",
  nothingToReview: "Rien à examiner : tous les fichiers modifiés ont été ignorés.",
  euInferenceFooter: "L’inférence dans l’UE est activée : aucun modèle hors de la région UE n’a été utilisé pour cette revue.",
  checkSummary: (findings) => (findings === 0 ? "Aucun constat de conformité." : `${findings === 1 ? "1 constat" : `${findings} constats`} ; voir le commentaire de synthèse de la pull request.`),
};
