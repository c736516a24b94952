import { useAtomValue } from "jotai";
import { lazy, Suspense, type ComponentType } from "react";
import { nowAtom } from "../../clock/atoms";
import type { CacheAgeProps } from "./CacheAge";

/**
 * The relative part needs date-fns: loaded lazily (precached by the service worker). Where it
 * cannot load (the hub went away before it was ever fetched) the line keeps its clock time only.
 */
const Nothing: ComponentType<CacheAgeProps> = () => null;
const CacheAge = lazy<ComponentType<CacheAgeProps>>(() =>
  import("./CacheAge").then(
    (m) => ({ default: m.CacheAge }),
    () => ({ default: Nothing }),
  ),
);

/** Props of {@link AgeLine}. */
export type AgeLineProps = {
  /** Epoch ms of the instant shown. */
  at: number;
  locale: "pl" | "en";
  label: string;
  testId: string;
};

/**
 * One line of the offline notice saying when something happened (when a cached answer
 * was fetched; when the last live update arrived): `label`, the clock time (HH:mm:ss, with
 * the date when not today, from Intl: no extra code to load while offline) and, once loaded, the
 * relative time ('Ostatnia aktualizacja: 14:32:05 (5 minut temu)').
 */
export function AgeLine({ at, locale, label, testId }: AgeLineProps) {
  const now = useAtomValue(nowAtom);
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const clock = new Intl.DateTimeFormat(
    locale === "pl" ? "pl-PL" : "en-GB",
    sameDay ? { timeStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" },
  ).format(at);
  return (
    <p data-testid={testId} className="offline-notice__age">
      {label} <time dateTime={new Date(at).toISOString()}>{clock}</time>
      <Suspense fallback={null}>
        <CacheAge fetchedAt={at} locale={locale} />
      </Suspense>
    </p>
  );
}
