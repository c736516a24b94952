/**
 * Polish texts of the heater and the air conditioning (each feature owns its strings,
 * merged in src/app/i18n). 'Urządzenie nie odpowiedziało' and 'Niedostępne' as the issue gives them.
 */
export const pl = {
  climate: {
    heading: "Ogrzewanie i klimatyzacja",
    unknown: "Brak danych",
    unavailable: "Niedostępne",
    pending: "Czeka na potwierdzenie…",
    noAnswer: "Urządzenie nie odpowiedziało",
    settings: "Ustawienia: {{label}}",
    close: "Zamknij",
    mode: "Tryb",
    target: "Temperatura docelowa",
    targetShort: "Cel {{value}}",
    lower: "Obniż temperaturę docelową",
    raise: "Podnieś temperaturę docelową",
    heater: {
      sensor: "Czujnik sterujący",
      ownSensor: "Własny czujnik głowicy",
      now: "Teraz ({{sensor}})",
      relayOn: "Grzeje",
      relayOff: "Nie grzeje",
      modes: { off: "Wyłączone", on: "Włączone", auto: "Automatyczne" },
    },
    ac: {
      modes: {
        Off: "Wyłączona",
        Auto: "Auto",
        Cool: "Chłodzenie",
        Heat: "Grzanie",
        Dry: "Osuszanie",
        Fan: "Wentylator",
      },
    },
  },
} as const;
