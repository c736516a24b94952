/**
 * Polish texts of the infrared remotes (merged and typed in
 * src/app/i18n). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  ir: {
    title: "Piloty",
    intro: "Piloty na podczerwień: naciśnij przycisk, aby wysłać jego kod, albo naucz nowy kod z pilota.",
    link: "Piloty na podczerwień",
    none: "Brak pilotów",
    noneHint: "Nadajniki podczerwieni dodaje się w konfiguracji domu w hubie (plik household.json, lista ir).",
    buttons: "Przyciski: {{label}}",
    noButtons: "Ten pilot nie ma jeszcze przycisków. Włącz naukę i naciśnij przycisk pilota.",
    learn: "Ucz kodu",
    stopLearning: "Zakończ naukę",
    learning: "Nauka włączona: skieruj pilota na odbiornik i naciśnij przycisk.",
    received: "Odebrano kod: {{protocol}}, {{bits}} bitów, {{data}}",
    nameField: "Nazwa przycisku",
    nameRequired: "Pole wymagane",
    save: "Zapisz przycisk",
    full: "Ten pilot ma już {{max}} przycisków i więcej nie zmieści. Zapisz kod pod nazwą istniejącego przycisku, aby go zastąpić.",
    saveRefused: "Nie zapisano przycisku: pilot ma już najwięcej przycisków, ile może mieć.",
    sent: "Wysłano: {{name}}",
    unavailable: "Niedostępne",
    unreachable: "Nadajnik jest niedostępny. Nic nie zostało wysłane.",
  },
} as const;
