/**
 * Polish texts of the car dashboard (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  car: {
    title: "Pulpit samochodowy",
    live: "Połączenie na żywo",
    connected: "połączono",
    disconnected: "brak połączenia",
    speed: "Prędkość",
    outdoor: "Na zewnątrz",
    time: "Godzina",
    noFix: "Brak sygnału GPS",
    noGeolocation: "Lokalizacja niedostępna: zezwól na nią w przeglądarce",
    nightTheme: "Motyw nocny",
  },
} as const;
