/**
 * Polish texts of the account's preferences and this device's layout (menu), language names (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  menu: {
    carLayout: "Układ samochodowy",
    zoomLock: "Blokada powiększenia",
    alerts: "Powiadomienia",
    language: "Język",
    failed: "Nie udało się zapisać zmiany",
    deviceLayout: "Układ na tym urządzeniu",
    deviceLayoutDescription: "Np. samochodowy na tablecie w aucie; tablet na ścianie i telefon go nie przejmą.",
    deviceLayoutAccount: "Jak na koncie (teraz: {{layout}})",
    deviceLayoutStandard: "Standardowy: pasek na dole",
    deviceLayoutCar: "Samochodowy: pasek po prawej, duże przyciski",
    layoutStandard: "standardowy",
    layoutCar: "samochodowy",
    carLayoutDescription: "Domyślny układ urządzeń tego konta, które nie mają własnego wyboru.",
    zoomLockDescription: "Wyłącza powiększanie strony gestem dwóch palców.",
    alertsDescription: "Okno „Ktoś dzwoni przy bramce.” z podglądem kamer, gdy ktoś zadzwoni.",
    languageDescription: "Język napisów i dat na pulpicie.",
    on: "Wł.",
    off: "Wył.",
    defaultRoute: "Ekran startowy",
    defaultRouteDescription: "Otwierany raz po uruchomieniu aplikacji w przeglądarce.",
    routes: {
      home: "Ekran główny",
      weather: "Pogoda",
      menu: "Menu",
      switches: "Przełączniki",
      cameras: "Kamery",
      carDashboard: "Pulpit samochodowy",
    },
  },
  languages: {
    pl: "Polski",
    en: "English",
  },
} as const;
