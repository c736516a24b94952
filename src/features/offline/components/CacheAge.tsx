import { useAtomValue } from "jotai";
import { nowAtom } from "../../clock/atoms";
import { formatRelativeTime } from "../../../shared/relativeTime";

/** Props of {@link CacheAge}. */
export type CacheAgeProps = { fetchedAt: number; locale: "pl" | "en"; label: string };

/**
 * How old the cached data is (issue 3: "The dashboard knows an answer came from the cache and when it
 * was fetched, and shows it"): `label` then the relative time from the app clock ('5 minut temu').
 */
export function CacheAge({ fetchedAt, locale, label }: CacheAgeProps) {
  const now = useAtomValue(nowAtom);
  return (
    <p data-testid="offline-cache-age" className="offline-notice__age">
      {label} <time dateTime={new Date(fetchedAt).toISOString()}>{formatRelativeTime(fetchedAt, now, locale)}</time>
    </p>
  );
}
