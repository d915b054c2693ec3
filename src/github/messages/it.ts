import type { Messages } from "./types.js";

export const it: Messages = {
  summaryHeading: "Revisione di conformità di Clearance",
  reviewBody: (count) => `Clearance ha lasciato ${count === 1 ? "1 commento" : `${count} commenti`} sulle righe modificate. Il commento di riepilogo di questa pull request elenca tutti i rilievi, raggruppati per controllo.`,
  notOnDiffLine: "Questi rilievi riguardano righe esterne alle parti modificate del diff, perciò sono elencati qui.",
  overInlineLimit: (limit) => `Una revisione contiene al massimo ${limit} commenti in linea; gli altri rilievi sono elencati qui.`,
  fixedHeading: "Risolto rispetto a una revisione precedente",
  fixedItem: (location) => `${location} non viene più segnalato.`,
  reviewedHeading: "Cosa è stato revisionato",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 file modificato" : `${files} file modificati`}.`,
  skippedFiles: "File esclusi:",
  skipReasons: {
    binary: "file binario",
    generated: "file generato",
    vendored: "dipendenza inclusa nel repository (vendored)",
    ignored: "escluso da `.github/clearance.yml`",
    no_diff: "GitHub non mostra il diff di questo file (troppo grande)",
  },
  tooManyFiles: (limit) => `GitHub elenca al massimo ${limit} file modificati per pull request; gli eventuali file oltre questo limite non sono stati revisionati.`,
  configIgnored: (detail) => `Non è stato possibile usare \`.github/clearance.yml\`, che è stato quindi ignorato: ${detail}`,
  paused: {
    allowance_reached: "Le revisioni sono sospese: questa organizzazione ha esaurito la quota mensile di revisioni per i repository privati.",
    public_cap_reached: "Le revisioni sono sospese: questa organizzazione ha raggiunto il limite mensile di revisioni per i repository pubblici.",
    resumeLead: "Le revisioni riprendono non appena si verifica una di queste condizioni:",
    resumeWays: {
      next_period: (date) => `inizia il prossimo mese di fatturazione, il ${date} (UTC)`,
      claim: "l’installazione viene rivendicata in Clearance, il che avvia una prova di 14 giorni",
      upgrade: "l’organizzazione passa a un piano superiore",
      overage: "un owner abilita le revisioni aggiuntive, a 0,49 $ per ogni ulteriore pull request",
    },
  },
  euInferenceFailed: "La revisione non è riuscita: il modello nella regione UE non era raggiungibile. Per questa organizzazione l’inferenza nell’UE è attiva, quindi non è stato usato nessun altro modello e non è stato pubblicato alcun rilievo.",
  reviewFailed: "La revisione non è riuscita a causa di un errore imprevisto; non è stato pubblicato alcun rilievo.",
  retryHint: "Esegui il push di un nuovo commit o commenta `/clearance` per riprovare.",
  nothingToReview: "Niente da revisionare: tutti i file modificati sono stati esclusi.",
  euInferenceFooter: "L’inferenza nell’UE è attiva: per questa revisione non è stato usato alcun modello al di fuori della regione UE.",
  checkSummary: (findings) => (findings === 0 ? "Nessun rilievo di conformità." : `${findings === 1 ? "1 rilievo" : `${findings} rilievi`}; vedi il commento di riepilogo nella pull request.`),
};
