/**
 * Polish texts of the live connection indicator (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  nav: {
    liveDown: "Brak połączenia na żywo",
  },
} as const;
