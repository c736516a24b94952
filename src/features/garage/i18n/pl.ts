/**
 * Polish texts of the garage door and gate (merged and typed in src/app/i18n). Door
 * states as the issue names them: 'Otwarta', 'Zamknięta', 'Otwiera się', 'Zamyka się', 'Zatrzymana'.
 */
export const pl = {
  garage: {
    heading: "Brama i garaż",
    states: {
      opening: "Otwiera się",
      open: "Otwarta",
      closing: "Zamyka się",
      closed: "Zamknięta",
      stopped: "Zatrzymana",
    },
    position: "Położenie: {{position}}%",
    actions: {
      open: "Otwórz",
      close: "Zamknij",
      toggle: "Przełącz",
      stop: "Zatrzymaj",
    },
    confirm: {
      open: "Otworzyć: {{label}}?",
      close: "Zamknąć: {{label}}?",
      toggle: "Przełączyć: {{label}}?",
      message: "{{label}} zacznie się poruszać. Upewnij się, że nikt nie stoi w przejeździe.",
    },
    cancel: "Anuluj",
    constantStop: "Stałe zatrzymanie",
    constantStopOn: "Stałe zatrzymanie włączone: brama nie ruszy",
    sending: "Wysyłanie…",
    controls: "Sterowanie: {{label}}",
    failed: "Nie udało się wysłać polecenia",
    unavailable: "Niedostępne",
  },
} as const;
