import { useAtomValue } from "jotai";
import { nowAtom } from "../../clock/atoms";
import { formatRelativeTime } from "../../../shared/relativeTime";

/** Props of {@link CacheAge}. */
export type CacheAgeProps = {
  /** Epoch ms of the instant shown. */
  fetchedAt: number;
  locale: "pl" | "en";
  label: string;
  /** data-testid of the line; default "offline-cache-age". */
  testId?: string;
};

/**
 * How old some data is, as one line of the offline notice (issue 3: when a cached answer was
 * fetched; issue 6: when the last live update arrived): `label`, the clock time of that instant
 * (HH:mm:ss, or with the date when it is not today) and the relative time from the app clock
 * ('Ostatnia aktualizacja 14:32:05 (5 minut temu)').
 */
export function CacheAge({ fetchedAt, locale, label, testId = "offline-cache-age" }: CacheAgeProps) {
  const now = useAtomValue(nowAtom);
  const sameDay = new Date(fetchedAt).toDateString() === new Date(now).toDateString();
  const clock = new Intl.DateTimeFormat(locale === "pl" ? "pl-PL" : "en-GB", sameDay ? { timeStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" }).format(fetchedAt);
  return (
    <p data-testid={testId} className="offline-notice__age">
      {label} <time dateTime={new Date(fetchedAt).toISOString()}>{clock}</time> ({formatRelativeTime(fetchedAt, now, locale)})
    </p>
  );
}
