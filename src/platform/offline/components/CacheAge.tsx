import { useAtomValue } from "jotai";
import { nowAtom } from "../../clock/atoms";
import { formatRelativeTime } from "../../../shared/relativeTime";

/** Props of {@link CacheAge}. */
export type CacheAgeProps = { fetchedAt: number; locale: "pl" | "en" };

/**
 * The relative age of an instant from the app clock ('5 minut temu', spec §2 relative time), for
 * the offline notice's lines. Loaded lazily: it needs date-fns and its locales.
 */
export function CacheAge({ fetchedAt, locale }: CacheAgeProps) {
  const now = useAtomValue(nowAtom);
  return <span className="offline-notice__relative"> ({formatRelativeTime(fetchedAt, now, locale)})</span>;
}
