import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <référence> --reason "<motif>" [--until AAAA-MM-JJ]`';

export const fr: EvidenceMessages = {
  referencesLead: `Pour accepter un constat comme risque connu, une personne ayant l'accès en écriture commente ${USAGE}.`,
  moreFindings: (count) => `… et ${count} de plus.`,
  acceptedHeading: "Constats acceptés",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""} : accepté par @${a.by}, ${a.until ? `jusqu'au ${a.until}` : "sans échéance"}. Motif : ${a.reason}`,
  acceptedReply: (a) => `Le constat \`${a.reference}\` (${a.location}) est accepté comme risque connu, ${a.until ? `jusqu'au ${a.until} (UTC) ; ensuite il sera de nouveau signalé` : "sans échéance"}. Il est consigné pour les preuves d'audit et n'est plus signalé sur cette pull request ; le résumé est en cours de mise à jour.`,
  help: [
    "Commandes de Clearance, chacune sur sa propre ligne d'un commentaire de pull request :",
    "",
    "- `/clearance` ou `/clearance review` : examiner maintenant le dernier commit de la pull request.",
    `- ${USAGE} : accepter un constat comme risque connu. La référence est celle du résumé ; un motif est obligatoire ; sans \`--until\`, l'exception vaut jusqu'à sa révocation. Seules les personnes ayant l'accès en écriture au dépôt peuvent accepter.`,
    "- `/clearance help` : cette liste.",
  ].join("\n"),
  usage: `Syntaxe : ${USAGE}`,
  problems: {
    missing_reference: () => "Indiquez le constat à accepter : sa référence telle que le résumé l'affiche.",
    bad_reference: (d) => `\`${d}\` n'est pas une référence de constat ; les références comptent 7 lettres et chiffres, comme dans le résumé.`,
    missing_reason: () => "Un motif est obligatoire : ajoutez `--reason \"…\"`.",
    reason_too_long: () => "Le motif est trop long : 500 caractères au plus.",
    bad_until: (d) => `\`--until\` attend une date AAAA-MM-JJ${d ? `, pas \`${d}\`` : ""}.`,
    unknown_option: (d) => `Option inconnue \`${d}\`.`,
    extra_argument: (d) => `\`${d}\` est inattendu : indiquez un seul constat et mettez le motif entre guillemets.`,
    unclosed_quote: () => "Un guillemet n'est pas fermé.",
  },
  notPermitted: (login, permission) => `@${login}, seules les personnes ayant l'accès en écriture à ce dépôt peuvent accepter des constats ; votre accès est \`${permission}\`. Rien n'a été consigné.`,
  permissionCheckFailed: "Votre permission sur le dépôt n'a pas pu être vérifiée auprès de GitHub pour le moment, donc rien n'a été consigné. Réessayez dans un instant.",
  closedPullRequest: "Cette pull request est fermée ; ses constats ne peuvent plus être acceptés.",
  unknownFinding: (r) => `Il n'y a pas de constat \`${r}\` sur cette pull request. Utilisez une référence du commentaire de résumé.`,
  ambiguousReference: (r, c) => `\`${r}\` correspond à plusieurs constats (${c}) ; donnez plus de caractères de la référence.`,
  findingFixed: (r) => `Le constat \`${r}\` est déjà corrigé ; il n'y a rien à accepter.`,
  untilInPast: (d) => `\`--until ${d}\` est dans le passé ; indiquez aujourd'hui ou une date ultérieure.`,
};
