import { useAtomValue } from "jotai";
import { lastLiveUpdateAtAtom } from "../../live/atoms";
import { localeAtom } from "../../preferences/atoms";
import { cachedDataFetchedAtAtom, offlineAtom, refusedWriteAtom } from "../atoms";
import { AgeLine } from "./AgeLine";
import "./OfflineNotice.css";

/** Props of {@link OfflineNotice}. */
export type OfflineNoticeProps = {
  /** Locale of the texts; default the user's locale preference (spec §2: pl default). */
  locale?: "pl" | "en";
};

const TEXT = {
  pl: {
    offline: "Brak połączenia z serwerem — dane mogą być nieaktualne",
    cachedAt: "Dane z pamięci urządzenia, pobrane:",
    lastUpdate: "Ostatnia aktualizacja:",
    refused: "Nie można teraz wykonać tej akcji: brak połączenia. Nic nie zostało wysłane.",
  },
  en: {
    offline: "No connection to the server — data may be out of date",
    cachedAt: "Data stored on this device, fetched:",
    lastUpdate: "Last update:",
    refused: "This action cannot be done now: no connection. Nothing was sent.",
  },
} as const;

/**
 * The offline notice of issue 3 (UI contract: role="status", data-testid="offline-notice", text
 * 'Brak połączenia z serwerem — dane mogą być nieaktualne'), shown only while offline, also when the
 * hub goes away under an open page (recovery.ts notices within seconds). Says when the last live
 * update arrived (data-testid="offline-last-update", issue 6), how old the cached data is
 * (data-testid="offline-cache-age") and, after a control was pressed offline,
 * that nothing was sent (role="alert", data-testid="offline-refused").
 */
export function OfflineNotice({ locale: forced }: OfflineNoticeProps) {
  const preferred = useAtomValue(localeAtom);
  const locale = forced ?? preferred;
  const offline = useAtomValue(offlineAtom);
  const cachedAt = useAtomValue(cachedDataFetchedAtAtom);
  const refused = useAtomValue(refusedWriteAtom);
  const lastUpdate = useAtomValue(lastLiveUpdateAtAtom);
  if (!offline) return null;
  const text = TEXT[locale];
  return (
    <div className="offline-notice" data-testid="offline-notice-region">
      <p role="status" data-testid="offline-notice" className="offline-notice__status">
        {text.offline}
      </p>
      {lastUpdate !== null && <AgeLine at={lastUpdate} locale={locale} label={text.lastUpdate} testId="offline-last-update" />}
      {cachedAt !== null && <AgeLine at={cachedAt} locale={locale} label={text.cachedAt} testId="offline-cache-age" />}
      {refused !== null && (
        <p role="alert" data-testid="offline-refused" className="offline-notice__refused">
          {text.refused}
        </p>
      )}
    </div>
  );
}
