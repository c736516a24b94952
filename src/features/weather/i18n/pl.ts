/**
 * Polish texts of the weather screen (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  weather: {
    title: "Pogoda",
    intro: "Odczyty czujników na zewnątrz: balkon, ogród i tunel.",
    none: "Brak czujników na zewnątrz. Dodaj w pliku household.json huba czujnik z miejscem balcony, outside lub tunnel.",
    airQuality: "Jakość powietrza",
    sensorsHeading: "Czujniki na zewnątrz",
    airQualityOf: "Jakość powietrza: {{label}}",
    classes: { tragic: "Tragiczna", bad: "Zła", mid: "Średnia", clean: "Dobra", unknown: "Nieznana" },
  },
} as const;
