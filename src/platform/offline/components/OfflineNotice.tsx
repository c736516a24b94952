import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { lastLiveUpdateAtAtom } from "../../live/atoms";
import { cachedDataFetchedAtAtom, offlineAtom, refusedWriteAtom } from "../atoms";
import { AgeLine } from "./AgeLine";
import "./OfflineNotice.css";

/** Props of {@link OfflineNotice}. */
export type OfflineNoticeProps = {
  /** Locale of the texts; default the app's language (the user's preference, spec §2: pl default). */
  locale?: "pl" | "en";
};

/**
 * The offline notice (UI contract: role="status", data-testid="offline-notice", text
 * 'Brak połączenia z serwerem — dane mogą być nieaktualne'), shown only while offline, also when the
 * hub goes away under an open page (recovery.ts notices within seconds). Says when the last live
 * update arrived (data-testid="offline-last-update"), how old the cached data is
 * (data-testid="offline-cache-age") and, after a control was pressed offline,
 * that nothing was sent (role="alert", data-testid="offline-refused").
 */
export function OfflineNotice({ locale: forced }: OfflineNoticeProps) {
  const offline = useAtomValue(offlineAtom);
  const cachedAt = useAtomValue(cachedDataFetchedAtAtom);
  const refused = useAtomValue(refusedWriteAtom);
  const lastUpdate = useAtomValue(lastLiveUpdateAtAtom);
  const { t: translate, i18n } = useTranslation();
  const locale = forced ?? (i18n.language === "en" ? "en" : "pl");
  if (!offline) return null;
  const t = (key: "offline" | "cachedAt" | "lastUpdate" | "refused") => translate(`offline.${key}`, { lng: locale });
  return (
    <div className="offline-notice" data-testid="offline-notice-region">
      <p role="status" data-testid="offline-notice" className="offline-notice__status">
        {t("offline")}
      </p>
      {lastUpdate !== null && (
        <AgeLine at={lastUpdate} locale={locale} label={t("lastUpdate")} testId="offline-last-update" />
      )}
      {cachedAt !== null && <AgeLine at={cachedAt} locale={locale} label={t("cachedAt")} testId="offline-cache-age" />}
      {refused !== null && (
        <p role="alert" data-testid="offline-refused" className="offline-notice__refused">
          {t("refused")}
        </p>
      )}
    </div>
  );
}
