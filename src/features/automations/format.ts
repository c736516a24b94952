/**
 * A run's time for people (spec §2: timestamps formatted in Polish): `22.11.2026, 21:03:05` in the
 * browser's time zone; English uses its own order. An unparsable time is shown as given.
 */
export function formatRunTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "pl-PL", {
    dateStyle: "short",
    timeStyle: "medium",
  }).format(date);
}
