/** Polish texts of the push notifications' menu section (merged and typed in src/app/i18n). */
export const pl = {
  push: {
    title: "Powiadomienia push",
    intro: "Powiadomienia na ten panel, także gdy aplikacja jest zamknięta: telefon w kieszeni, tablet w samochodzie.",
    loading: "Sprawdzanie powiadomień…",
    loadFailed: "Nie udało się odczytać ustawień powiadomień z huba.",
    on: "Włączone na tym panelu.",
    off: "Wyłączone na tym panelu.",
    categories: "O czym powiadamiać",
    category: {
      doorbell: "Dzwonek",
      gate: "Brama",
      garage: "Garaż",
      leak: "Zalanie",
      smoke: "Dym",
    },
    subscribe: "Włącz powiadomienia",
    save: "Zapisz wybór",
    unsubscribe: "Wyłącz powiadomienia",
    saved: "Zapisano.",
    noneChosen: "Wybierz co najmniej jedno zdarzenie.",
    problem: {
      insecure:
        "Powiadomienia push działają tylko przez bezpieczne połączenie (HTTPS). Otwórz panel pod adresem https://.",
      unsupported: "Ta przeglądarka nie obsługuje powiadomień push.",
      denied: "Brak zgody na powiadomienia. Zezwól na nie w ustawieniach przeglądarki dla tej strony.",
      subscribeFailed: "Przeglądarka nie mogła się zapisać w swojej usłudze powiadomień. Spróbuj ponownie później.",
      hub: "Hub nie zapisał ustawień powiadomień. Spróbuj ponownie.",
    },
  },
};
