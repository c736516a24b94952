import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { localeAtom } from "../../../platform/preferences/atoms";
import { minuteAtom } from "../clock";

/** Props of {@link LastSeen}. */
export type LastSeenProps = { at: string | null; className?: string };

/**
 * When a device was last heard from, relative ('widziane 5 minut temu', date-fns in the app's
 * locale), from the app clock by the minute (so within the current minute it reads 'teraz');
 * 'jeszcze nie widziane' without a time.
 */
export function LastSeen({ at, className }: LastSeenProps) {
  const { t } = useTranslation();
  const now = useAtomValue(minuteAtom);
  const locale = useAtomValue(localeAtom);
  const then = at === null ? Number.NaN : Date.parse(at);
  if (Number.isNaN(then)) return <span className={className}>{t("devices.neverSeen")}</span>;
  const time = formatRelativeTime(then, now, locale);
  return (
    <time className={className} dateTime={at ?? undefined}>
      {t("devices.lastSeen", { time })}
    </time>
  );
}
