import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../../contract/preferences";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { localeAtom } from "../../../platform/preferences/atoms";
import { minuteAtom } from "../clock";

/** Props of {@link LastSeen}. */
export type LastSeenProps = { at: string | null; className?: string };

/** Props of {@link LastSeenText}: {@link LastSeenProps} with the clock (epoch ms, by the minute) and locale given. */
export type LastSeenTextProps = LastSeenProps & { now: number; locale: Locale };

/** {@link LastSeen} with the clock and locale given by the caller (a list reads them once for all its rows). */
export function LastSeenText({ at, className, now, locale }: LastSeenTextProps) {
  const { t } = useTranslation();
  const then = at === null ? Number.NaN : Date.parse(at);
  if (Number.isNaN(then)) return <span className={className}>{t("devices.neverSeen")}</span>;
  return (
    <time className={className} dateTime={at ?? undefined}>
      {t("devices.lastSeen", { time: formatRelativeTime(then, now, locale) })}
    </time>
  );
}

/**
 * When a device was last heard from, relative ('widziane 5 minut temu', date-fns in the app's
 * locale), from the app clock by the minute (so within the current minute it reads 'teraz');
 * 'jeszcze nie widziane' without a time.
 */
export function LastSeen({ at, className }: LastSeenProps) {
  const now = useAtomValue(minuteAtom);
  const locale = useAtomValue(localeAtom);
  return <LastSeenText at={at} className={className} now={now} locale={locale} />;
}
