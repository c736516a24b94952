/**
 * Polish texts of sensor tiles, rooms, batteries, the outdoor minimum (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  sensors: {
    heading: "Czujniki",
    outdated: "Nieaktualne",
    stale: "Przestarzałe",
    noReading: "—",
    loading: "Ładowanie…",
    otherRoom: "Pozostałe",
    batteries: "Baterie czujników",
    batteryOf: "Bateria: {{label}}",
    tileName: "{{kind}}: {{label}}",
    doorOpen: "Otwarte",
    doorClosed: "Zamknięte",
    outdoorMin: "Najniższa temperatura na zewnątrz",
    openHistory: "Wykres dnia: {{kind}}: {{label}}",
    none: "Brak czujników",
    noneHint:
      "Czujniki dodaje się w konfiguracji domu w hubie (plik household.json); każdy dodany czujnik ma tu swój kafelek.",
    count_one: "{{count}} czujnik",
    count_few: "{{count}} czujniki",
    count_many: "{{count}} czujników",
    count_other: "{{count}} czujnika",
    binary: {
      occupancyOn: "Ruch",
      occupancyOff: "Brak ruchu",
      leakOn: "Zalanie!",
      leakOff: "Sucho",
      smokeOn: "Dym!",
      smokeOff: "Brak dymu",
    },
    kinds: {
      temp: "Temperatura",
      humid: "Wilgotność",
      light: "Światło",
      batt: "Bateria",
      door: "Drzwi",
      pressure: "Ciśnienie",
      pm25: "PM2,5",
      pm10: "PM10",
      occupancy: "Ruch",
      leak: "Zalanie",
      smoke: "Dym",
      co2: "CO₂",
      voc: "LZO",
      watts: "Moc",
      energy: "Energia",
      voltage: "Napięcie",
      current: "Prąd",
    },
  },
} as const;
