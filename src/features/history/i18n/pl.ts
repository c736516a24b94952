/**
 * Polish texts of the chart of the day and its date picker (each feature owns its
 * strings, merged and typed in src/app/i18n). 'Dzisiaj' is the spec's (§2). Entry chunk.
 */
export const pl = {
  history: {
    title: "Wykres dnia: {{kind}}, {{label}}",
    close: "Zamknij",
    today: "Dzisiaj",
    pickDay: "Wybierz dzień",
    previousMonth: "Poprzedni miesiąc",
    nextMonth: "Następny miesiąc",
    min: "Najniższa",
    max: "Najwyższa",
    current: "Teraz",
    loading: "Wczytywanie historii…",
    failed: "Nie udało się wczytać historii.",
    retry: "Spróbuj ponownie",
    empty: "Brak zapisanych odczytów tego dnia. Hub zapisuje odczyty, gdy czujnik je wysyła.",
    chartLabel: "Wykres: {{kind}}, {{label}}; najniższa {{min}}, najwyższa {{max}}",
  },
} as const;
