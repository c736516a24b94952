/**
 * Polish texts of the offline notice (UI contract; each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  offline: {
    offline: "Brak połączenia z serwerem — dane mogą być nieaktualne",
    cachedAt: "Dane z pamięci urządzenia, pobrane:",
    lastUpdate: "Ostatnia aktualizacja:",
    refused: "Nie można teraz wykonać tej akcji: brak połączenia. Nic nie zostało wysłane.",
    insecureLabel: "Połączenie nieszyfrowane",
    insecure:
      "Połączenie nie jest szyfrowane: bez HTTPS nie działa praca bez sieci, instalacja ani ekran zawsze włączony.",
    trustHub: "Zaufaj hubowi",
  },
} as const;
