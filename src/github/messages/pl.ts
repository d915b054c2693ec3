import type { Messages } from "./types.js";

// Polish has three plural forms: 1, 2-4 (except 12-14), and the rest.
function plural(n: number, one: string, few: string, many: string): string {
  if (n === 1) return `1 ${one}`;
  const lastTwo = n % 100;
  const last = n % 10;
  return `${n} ${last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? few : many}`;
}

export const pl: Messages = {
  summaryHeading: "Przegląd zgodności Clearance",
  reviewBody: (count) => `Clearance dodał ${plural(count, "komentarz", "komentarze", "komentarzy")} do zmienionych wierszy. Komentarz podsumowujący w tym pull requeście wymienia wszystkie ustalenia, pogrupowane według kontroli.`,
  notOnDiffLine: "Te ustalenia dotyczą wierszy spoza zmienionych fragmentów diffu, dlatego wymieniono je tutaj.",
  overInlineLimit: (limit) => `Przegląd może zawierać najwyżej ${limit} komentarzy w wierszach; pozostałe ustalenia wymieniono tutaj.`,
  fixedHeading: "Naprawione od wcześniejszego przeglądu",
  fixedItem: (location) => `${location} nie jest już zgłaszane.`,
  reviewedHeading: "Co zostało sprawdzone",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${plural(files, "zmieniony plik", "zmienione pliki", "zmienionych plików")}.`,
  skippedFiles: "Pominięte pliki:",
  skipReasons: {
    binary: "plik binarny",
    generated: "plik wygenerowany",
    vendored: "dołączona zależność (vendored)",
    ignored: "wykluczony przez `.github/clearance.yml`",
    no_diff: "GitHub nie pokazuje diffu tego pliku (zbyt duży)",
  },
  tooManyFiles: (limit) => `GitHub wyświetla najwyżej ${limit} zmienionych plików w pull requeście; pliki ponad ten limit nie zostały sprawdzone.`,
  configIgnored: (detail) => `Nie udało się użyć pliku \`.github/clearance.yml\`, więc został pominięty: ${detail}`,
  paused: {
    allowance_reached: "Przeglądy są wstrzymane: ta organizacja wykorzystała miesięczny limit przeglądów prywatnych repozytoriów.",
    public_cap_reached: "Przeglądy są wstrzymane: ta organizacja osiągnęła miesięczny limit przeglądów publicznych repozytoriów.",
    resumeLead: "Przeglądy zostaną wznowione, gdy tylko nastąpi jedno z poniższych:",
    resumeWays: {
      next_period: (date) => `rozpocznie się następny okres rozliczeniowy, ${date} (UTC)`,
      claim: "instalacja zostanie przejęta w Clearance, co rozpoczyna 14-dniowy okres próbny",
      upgrade: "organizacja przejdzie na wyższy plan",
      overage: "właściciel włączy dodatkowe przeglądy w cenie 0,49 USD za każdy kolejny pull request",
    },
  },
  euInferenceFailed: "Przegląd się nie powiódł: model w regionie UE był nieosiągalny. Ta organizacja ma włączone wnioskowanie w UE, więc nie użyto żadnego innego modelu i nie zamieszczono żadnych ustaleń.",
  reviewFailed: "Przegląd się nie powiódł z powodu nieoczekiwanego błędu; nie zamieszczono żadnych ustaleń.",
  retryHint: "Wypchnij nowy commit albo dodaj komentarz `/clearance`, aby spróbować ponownie.",
  nothingToReview: "Nie ma czego sprawdzać: wszystkie zmienione pliki zostały pominięte.",
  euInferenceFooter: "Wnioskowanie w UE jest włączone: w tym przeglądzie nie użyto żadnego modelu spoza regionu UE.",
  checkSummary: (findings) => (findings === 0 ? "Brak ustaleń dotyczących zgodności." : `${plural(findings, "ustalenie", "ustalenia", "ustaleń")}; zobacz komentarz podsumowujący w pull requeście.`),
};
