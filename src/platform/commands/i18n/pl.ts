/**
 * Polish texts of refusals and failures of commands (toasts) and of the command gate's reasons (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  commands: {
    failed: "Nie udało się wykonać polecenia. Spróbuj ponownie.",
    locked: "Sesja zablokowana: najpierw odblokuj ją PIN-em.",
    gate: {
      offline: "Brak połączenia: nic nie zostanie wysłane.",
      unavailable: "Urządzenie jest niedostępne.",
      pending: "Wysyłanie…",
    },
  },
} as const;
