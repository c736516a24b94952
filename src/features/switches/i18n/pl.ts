/**
 * Polish texts of the switches screen and the top bar badge (issue 8: each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  nav: {
    switchesWithoutPurpose_one: "{{count}} przełącznik bez przeznaczenia",
    switchesWithoutPurpose_few: "{{count}} przełączniki bez przeznaczenia",
    switchesWithoutPurpose_many: "{{count}} przełączników bez przeznaczenia",
    switchesWithoutPurpose_other: "{{count}} przełącznika bez przeznaczenia",
  },
  switches: {
    title: "Przełączniki",
    intro: "Stan przełączników na żywo.",
    none: "Brak przełączników",
    ungrouped: "Pozostałe",
    noneHint: "Przełączniki dodaje się w konfiguracji domu w hubie (plik household.json).",
    on: "Włączony",
    off: "Wyłączony",
    unknown: "Brak danych",
    noPurpose: "bez przeznaczenia",
    relay: "przekaźnik {{relay}}",
    edit: "Edytuj",
    editTitle: "Edycja: {{label}}",
    labelField: "Nazwa",
    purposeField: "Przeznaczenie",
    labelRequired: "Pole wymagane",
    save: "Zapisz",
    cancel: "Anuluj",
    noResponse: "Urządzenie nie odpowiedziało",
    unavailable: "Niedostępne",
    pending: "Wysyłanie…",
    relayLabel: "{{label}}, przekaźnik {{relay}}",
    console: {
      open: "Konsola Tasmota: {{label}}",
      title: "Konsola Tasmota",
      field: "Polecenie Tasmota",
      placeholder: "np. Status 0",
      send: "Wyślij",
      hint: "Jedno polecenie Tasmota z prostym argumentem, np. Status 0 albo Power2 ON.",
      history: "Historia poleceń",
      empty: "Nie wysłano jeszcze żadnego polecenia.",
      answerFrom: "Odpowiedź z {{topic}}",
      refused: "Polecenie odrzucone: dozwolone jest tylko jedno polecenie Tasmota z prostym argumentem (bez „;”, znaków specjalnych i sterujących).",
      noAnswer: "Urządzenie nie odpowiedziało",
      unreachable: "Urządzenie jest niedostępne. Nic nie zostało wysłane.",
      busy: "Poprzednie polecenie wciąż czeka na odpowiedź urządzenia.",
      required: "Wpisz polecenie",
    },
  },
} as const;
