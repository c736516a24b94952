/**
 * Polish texts of the app's own texts: name, navigation, the menu's headings, cameras, errors, toasts (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  app: {
    name: "Dom",
    loading: "Ładowanie…",
    titleSuffix: "Dom",
  },
  nav: {
    label: "Pasek główny",
    home: "Start",
    weather: "Pogoda",
    menu: "Menu",
    switches: "Przełączniki",
    cameras: "Kamery",
    carDashboard: "Pulpit samochodowy",
  },
  menu: {
    title: "Menu",
    close: "Zamknij menu",
    sessionHeading: "Sesja",
    deviceHeading: "To urządzenie",
    deviceIntro: "Zapisane tylko w tej przeglądarce; inne urządzenia tego konta zostają bez zmian.",
    accountHeading: "Konto",
    accountIntro: "Obowiązuje na każdym urządzeniu zalogowanym na to konto.",
    moreHeading: "Więcej",
  },
  cameras: {
    title: "Kamery",
    none: "Brak kamer",
    noneHint: "Kamery dodaje się w konfiguracji domu w hubie; każda dodana kamera ma tu swój podgląd.",
    liveTitle: "Podgląd kamery",
    liveUnknown: "Nie ma kamery „{{id}}”.",
    backToCameras: "Wróć do listy kamer",
    missingParam: "Brak wymaganego parametru: {{name}}",
  },
  errors: {
    title: "Wystąpił błąd",
    details: "Szczegóły",
    retry: "Spróbuj ponownie",
    notFound: "Nie ma takiej strony.",
    backHome: "Wróć na start",
  },
  toasts: {
    label: "Powiadomienia",
    dismiss: "Zamknij powiadomienie",
  },
} as const;
