/**
 * Polish texts of the switches screen and the top bar badge (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Loaded with the logged-in app (src/app/i18n/pl-logged-in.ts), not the first screen.
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
    configLoading: "Wczytywanie ustawień przełącznika z huba…",
    configFailed: "Nie udało się wczytać ustawień przełącznika z huba.",
    retry: "Spróbuj ponownie",
    reload: "Wczytaj przełączniki z huba",
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
      hint: "Odczyty i zwykłe polecenia idą od razu, np. Status 0, Power2 ON, Dimmer 40 albo Backlog takich poleceń. Polecenia, które zmieniają połączenie urządzenia, to, co na nim działa, albo to, dokąd wysyła zapytania, wymagają PIN-u.",
      history: "Historia poleceń",
      empty: "Nie wysłano jeszcze żadnego polecenia.",
      answerFrom: "Odpowiedź z {{topic}}",
      refused:
        "Polecenie odrzucone: dozwolone jest tylko jedno polecenie Tasmota z prostym argumentem albo Backlog takich poleceń (bez znaków specjalnych i sterujących).",
      noAnswer: "Urządzenie nie odpowiedziało",
      unreachable: "Urządzenie jest niedostępne. Nic nie zostało wysłane.",
      busy: "Poprzednie polecenie wciąż czeka na odpowiedź urządzenia.",
      required: "Wpisz polecenie",
      pinTitle: "Podaj PIN, aby wysłać to polecenie",
      pinMessage:
        "{{commands}}: to polecenie zmienia, jak urządzenie się łączy, co na nim działa albo dokąd wysyła zapytania. Wpisz PIN tej sesji; polecenie zostanie zapisane w dzienniku huba.",
      pinSend: "Wyślij z PIN-em",
      pinCancelled: "Nie wysłano: to polecenie wymaga PIN-u.",
    },
  },
} as const;
