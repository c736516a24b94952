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
  },
} as const;
