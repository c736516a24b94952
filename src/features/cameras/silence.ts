import type { Locale } from "../../../contract/preferences";

const UNITS = {
  pl: { s: "s", min: "min", h: "godz.", day: (n: number) => (n === 1 ? "dnia" : "dni") },
  en: { s: "s", min: "min", h: "h", day: (n: number) => (n === 1 ? "day" : "days") },
} as const;

/**
 * A camera's silence in the short form the status line uses after 'Brak sygnału od' / 'No signal
 * for': whole seconds under a minute ('45 s'), whole minutes under an hour ('2 min'), whole hours
 * under a day ('3 godz.'), then whole days ('1 dnia', '4 dni'). Abbreviations keep Polish grammar
 * right after 'od' without declining the number.
 * @param ms milliseconds without a frame; negative (clock skew) and non-finite read as 0 s
 */
export function formatSilence(ms: number, locale: Locale): string {
  const units = UNITS[locale];
  const seconds = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  if (seconds < 60) return `${seconds} ${units.s}`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${units.min}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${units.h}`;
  const days = Math.floor(hours / 24);
  return `${days} ${units.day(days)}`;
}
