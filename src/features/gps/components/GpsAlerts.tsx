import { useAtomValue, useStore } from "jotai";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { commandEnvAtom } from "../../../platform/commands";
import { localeAtom } from "../../../platform/preferences/atoms";
import { gpsAlertAtom } from "../atoms";
import { formatDistance } from "../format";

/** An alert older than this when it arrives (a restored snapshot, a late delivery) is not shown, ms. */
const ALERT_MAX_AGE_MS = 5 * 60_000;

/**
 * Shows each notification the hub sends on `gps/alert` (the cat left home or came back)
 * as a toast, once, in the user's language. Renders nothing; mounted once in the app shell.
 */
export function GpsAlerts() {
  const { t } = useTranslation();
  const store = useStore();
  const alert = useAtomValue(gpsAlertAtom);
  const locale = useAtomValue(localeAtom);
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!alert || shown.current === alert.receivedAt) return;
    shown.current = alert.receivedAt;
    if (Date.now() - alert.receivedAt > ALERT_MAX_AGE_MS) return;
    const env = store.get(commandEnvAtom);
    const distance = formatDistance(alert.distanceM, locale);
    env?.notify(
      t(alert.event === "left" ? "gps.alertLeft" : "gps.alertReturned", { label: alert.label, distance }),
      "info",
    );
  }, [alert, locale, store, t]);
  return null;
}
