/**
 * Polish texts of the screen wake lock setting (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  menu: {
    wakeLock: "Ekran zawsze włączony",
    wakeLockUnsupported: "Ta przeglądarka nie pozwala utrzymać włączonego ekranu.",
    wakeLockDescription: "Ekran nie gaśnie, gdy pulpit jest otwarty, np. na tablecie na ścianie.",
    screensaver: "Wygaszacz ekranu",
    screensaverDescription: "Po czasie bez dotyku: zegar, potem przyciemnienie, potem czarny ekran.",
    screensaverAfter: "Zegar po (min)",
    dimAfter: "Przyciemnienie po (min)",
    blackAfter: "Czarny ekran po (min)",
    stageHint: "0 pomija ten etap.",
    screensaverSave: "Zapisz wygaszacz",
    screensaverSaveFailed: "Nie udało się zapisać wygaszacza w hubie. Spróbuj ponownie.",
    screensaverSaved: "Zapisano.",
    screensaverInvalid: "Podaj liczbę minut od 0 do 1440.",
  },
  screensaver: {
    label: "Wygaszacz ekranu",
    hint: "Dotknij ekranu, aby go wybudzić.",
    outdoor: "Na zewnątrz {{value}}",
    nextEvent: "Następnie: {{summary}}, {{when}}",
  },
  lockedDown: {
    title: "Panel zablokowany",
    message: "Menu i ustawienia tego panelu wymagają PIN-u.",
    unlock: "Odblokuj PIN-em",
  },
} as const;
