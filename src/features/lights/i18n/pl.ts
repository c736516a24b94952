/**
 * Polish texts of the lights (each feature owns its strings, merged in src/app/i18n).
 * 'Jasność', 'Kolor' and 'Barwa światła' as the brief names the controls.
 */
export const pl = {
  lights: {
    heading: "Światła",
    otherRoom: "Pozostałe",
    on: "Włączone",
    off: "Wyłączone",
    unknown: "Brak danych",
    unavailable: "Niedostępne",
    power: "Zasilanie",
    brightness: "Jasność",
    color: "Kolor",
    colorTemp: "Barwa światła",
    kelvin: "{{value}} K",
    percent: "{{value}} %",
    endpoint: "Obwód {{endpoint}} z {{count}}",
    settings: "Ustawienia: {{label}}",
    close: "Zamknij",
    pending: "Czeka na potwierdzenie…",
    noAnswer: "Urządzenie nie odpowiedziało",
  },
} as const;
