import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <referentie> --reason "<reden>" [--until JJJJ-MM-DD]`';

export const nl: EvidenceMessages = {
  referencesLead: `Om een bevinding als bekend risico te accepteren, reageert iemand met schrijftoegang met ${USAGE}.`,
  moreFindings: (count) => `… en nog ${count}.`,
  acceptedHeading: "Geaccepteerde bevindingen",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: geaccepteerd door @${a.by}, ${a.until ? `tot en met ${a.until}` : "zonder einddatum"}. Reden: ${a.reason}`,
  acceptedReply: (a) => `Bevinding \`${a.reference}\` (${a.location}) is geaccepteerd als bekend risico, ${a.until ? `tot en met ${a.until} (UTC); daarna wordt ze weer gemeld` : "zonder einddatum"}. Ze is vastgelegd als bewijs en wordt in deze pull request niet meer gemeld; de samenvatting wordt bijgewerkt.`,
  help: [
    "Clearance-opdrachten, elk op een eigen regel van een reactie op de pull request:",
    "",
    "- `/clearance` of `/clearance review`: de nieuwste commit van de pull request nu beoordelen.",
    `- ${USAGE}: een bevinding als bekend risico accepteren. De referentie staat in de samenvatting; een reden is verplicht; zonder \`--until\` geldt de uitzondering tot ze wordt ingetrokken. Alleen mensen met schrijftoegang tot de repository kunnen accepteren.`,
    "- `/clearance help`: deze lijst.",
  ].join("\n"),
  usage: `Gebruik: ${USAGE}`,
  problems: {
    missing_reference: () => "Noem de bevinding die u wilt accepteren: haar referentie zoals de samenvatting die toont.",
    bad_reference: (d) => `\`${d}\` is geen referentie van een bevinding; referenties zijn 7 letters en cijfers, zoals in de samenvatting.`,
    missing_reason: () => "Een reden is verplicht: voeg `--reason \"…\"` toe.",
    reason_too_long: () => "De reden is te lang: hoogstens 500 tekens.",
    bad_until: (d) => `\`--until\` vraagt een datum als JJJJ-MM-DD${d ? `, niet \`${d}\`` : ""}.`,
    unknown_option: (d) => `Onbekende optie \`${d}\`.`,
    extra_argument: (d) => `Onverwacht: \`${d}\`. Noem één bevinding en zet de reden tussen aanhalingstekens.`,
    unclosed_quote: () => "Een aanhalingsteken is niet gesloten.",
  },
  notPermitted: (login, permission) => `@${login}, alleen mensen met schrijftoegang tot deze repository kunnen bevindingen accepteren; uw toegang is \`${permission}\`. Er is niets vastgelegd.`,
  permissionCheckFailed: "Uw recht op de repository kon nu niet bij GitHub worden gecontroleerd, dus er is niets vastgelegd. Probeer het zo nog eens.",
  closedPullRequest: "Deze pull request is gesloten; haar bevindingen kunnen niet meer worden geaccepteerd.",
  unknownFinding: (r) => `Deze pull request heeft geen bevinding \`${r}\`. Gebruik een referentie uit de samenvatting.`,
  ambiguousReference: (r, c) => `\`${r}\` past bij meer dan één bevinding (${c}); gebruik meer tekens van de referentie.`,
  findingFixed: (r) => `Bevinding \`${r}\` is al opgelost; er is niets te accepteren.`,
  untilInPast: (d) => `\`--until ${d}\` ligt in het verleden; geef vandaag of een latere datum.`,
};
