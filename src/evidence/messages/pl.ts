import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <odnośnik> --reason "<uzasadnienie>" [--until RRRR-MM-DD]`';

export const pl: EvidenceMessages = {
  referencesLead: `Aby zaakceptować ustalenie jako znane ryzyko, osoba z dostępem do zapisu komentuje ${USAGE}.`,
  moreFindings: (count) => `… i jeszcze ${count}.`,
  acceptedHeading: "Zaakceptowane ustalenia",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: zaakceptował(a) @${a.by}, ${a.until ? `do ${a.until}` : "bezterminowo"}. Uzasadnienie: ${a.reason}`,
  acceptedReply: (a) => `Ustalenie \`${a.reference}\` (${a.location}) zaakceptowano jako znane ryzyko, ${a.until ? `do ${a.until} (UTC); potem zostanie zgłoszone ponownie` : "bezterminowo"}. Zapisano je jako dowód i nie jest już zgłaszane w tym pull requeście; podsumowanie jest aktualizowane.`,
  help: [
    "Polecenia Clearance, każde w osobnym wierszu komentarza do pull requestu:",
    "",
    "- `/clearance` lub `/clearance review`: sprawdź teraz najnowszy commit pull requestu.",
    `- ${USAGE}: zaakceptuj ustalenie jako znane ryzyko. Odnośnik jest podany w podsumowaniu; uzasadnienie jest wymagane; bez \`--until\` wyjątek obowiązuje do odwołania. Akceptować mogą tylko osoby z dostępem do zapisu w repozytorium.`,
    "- `/clearance help`: ta lista.",
  ].join("\n"),
  usage: `Składnia: ${USAGE}`,
  problems: {
    missing_reference: () => "Podaj ustalenie do zaakceptowania: jego odnośnik z podsumowania.",
    bad_reference: (d) => `\`${d}\` nie jest odnośnikiem do ustalenia; odnośniki mają 7 liter i cyfr, jak w podsumowaniu.`,
    missing_reason: () => "Uzasadnienie jest wymagane: dodaj `--reason \"…\"`.",
    reason_too_long: () => "Uzasadnienie jest za długie: najwyżej 500 znaków.",
    bad_until: (d) => `\`--until\` wymaga daty w formacie RRRR-MM-DD${d ? `, a nie \`${d}\`` : ""}.`,
    unknown_option: (d) => `Nieznana opcja \`${d}\`.`,
    extra_argument: (d) => `Nieoczekiwane \`${d}\`: podaj jedno ustalenie, a uzasadnienie ujmij w cudzysłów.`,
    unclosed_quote: () => "Cudzysłów nie został zamknięty.",
  },
  notPermitted: (login, permission) => `@${login}, ustalenia mogą akceptować tylko osoby z dostępem do zapisu w tym repozytorium; Twój dostęp to \`${permission}\`. Niczego nie zapisano.`,
  permissionCheckFailed: "Nie udało się teraz sprawdzić w GitHubie Twoich uprawnień do repozytorium, więc niczego nie zapisano. Spróbuj ponownie za chwilę.",
  closedPullRequest: "Ten pull request jest zamknięty, więc jego ustaleń nie można już akceptować.",
  unknownFinding: (r) => `W tym pull requeście nie ma ustalenia \`${r}\`. Użyj odnośnika z komentarza z podsumowaniem.`,
  ambiguousReference: (r, c) => `\`${r}\` pasuje do więcej niż jednego ustalenia (${c}); podaj więcej znaków odnośnika.`,
  findingFixed: (r) => `Ustalenie \`${r}\` zostało już poprawione; nie ma czego akceptować.`,
  untilInPast: (d) => `\`--until ${d}\` to data z przeszłości; podaj dzisiejszą lub późniejszą.`,
};
