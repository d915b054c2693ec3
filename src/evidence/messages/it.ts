import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <riferimento> --reason "<motivo>" [--until AAAA-MM-GG]`';

export const it: EvidenceMessages = {
  referencesLead: `Per accettare un rilievo come rischio noto, chi ha accesso in scrittura commenta ${USAGE}.`,
  moreFindings: (count) => `… e altri ${count}.`,
  acceptedHeading: "Rilievi accettati",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: accettato da @${a.by}, ${a.until ? `fino al ${a.until}` : "senza scadenza"}. Motivo: ${a.reason}`,
  acceptedReply: (a) => `Il rilievo \`${a.reference}\` (${a.location}) è accettato come rischio noto, ${a.until ? `fino al ${a.until} (UTC); dopo verrà segnalato di nuovo` : "senza scadenza"}. È registrato come evidenza e non viene più segnalato in questa pull request; il riepilogo è in aggiornamento.`,
  help: [
    "Comandi di Clearance, ciascuno su una propria riga di un commento della pull request:",
    "",
    "- `/clearance` o `/clearance review`: esamina ora l'ultimo commit della pull request.",
    `- ${USAGE}: accetta un rilievo come rischio noto. Il riferimento è quello indicato nel riepilogo; il motivo è obbligatorio; senza \`--until\` l'eccezione vale finché non viene revocata. Solo chi ha accesso in scrittura al repository può accettare.`,
    "- `/clearance help`: questo elenco.",
  ].join("\n"),
  usage: `Uso: ${USAGE}`,
  problems: {
    missing_reference: () => "Indica il rilievo da accettare: il suo riferimento come appare nel riepilogo.",
    bad_reference: (d) => `\`${d}\` non è un riferimento di rilievo; i riferimenti sono di 7 lettere e cifre, come nel riepilogo.`,
    missing_reason: () => "Il motivo è obbligatorio: aggiungi `--reason \"…\"`.",
    reason_too_long: () => "Il motivo è troppo lungo: al massimo 500 caratteri.",
    bad_until: (d) => `\`--until\` richiede una data AAAA-MM-GG${d ? `, non \`${d}\`` : ""}.`,
    unknown_option: (d) => `Opzione sconosciuta \`${d}\`.`,
    extra_argument: (d) => `\`${d}\` non era previsto: indica un solo rilievo e metti il motivo tra virgolette.`,
    unclosed_quote: () => "Una virgoletta non è chiusa.",
  },
  notPermitted: (login, permission) => `@${login}, solo chi ha accesso in scrittura a questo repository può accettare rilievi; il tuo accesso è \`${permission}\`. Non è stato registrato nulla.`,
  permissionCheckFailed: "Non è stato possibile verificare ora con GitHub il tuo permesso sul repository, quindi non è stato registrato nulla. Riprova tra poco.",
  closedPullRequest: "Questa pull request è chiusa, quindi i suoi rilievi non possono più essere accettati.",
  unknownFinding: (r) => `In questa pull request non c'è alcun rilievo \`${r}\`. Usa un riferimento del commento di riepilogo.`,
  ambiguousReference: (r, c) => `\`${r}\` corrisponde a più di un rilievo (${c}); usa più caratteri del riferimento.`,
  findingFixed: (r) => `Il rilievo \`${r}\` è già corretto; non c'è nulla da accettare.`,
  untilInPast: (d) => `\`--until ${d}\` è nel passato; indica oggi o una data successiva.`,
};
