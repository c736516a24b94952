import { useTranslation } from "react-i18next";
import "./InsecureNotice.css";

/** Props of {@link InsecureNotice}. */
export type InsecureNoticeProps = {
  /** Whether the page is a secure context; default `window.isSecureContext` (HTTPS, or localhost). */
  secure?: boolean;
};

/**
 * The insecure-connection notice: on a page that is not a secure context (the hub opened over plain
 * HTTP by a LAN name or address) the browser gives no service worker, no install and no Wake Lock;
 * this says so in a labelled region (data-testid="insecure-notice") and links to the hub's
 * onboarding page `/ca` ('Zaufaj hubowi', a full page load). Never shown in a secure context.
 */
export function InsecureNotice({ secure = window.isSecureContext }: InsecureNoticeProps) {
  const { t } = useTranslation();
  if (secure) return null;
  return (
    <aside className="insecure-notice" aria-label={t("offline.insecureLabel")} data-testid="insecure-notice">
      <p>
        {t("offline.insecure")} <a href="/ca">{t("offline.trustHub")}</a>
      </p>
    </aside>
  );
}
