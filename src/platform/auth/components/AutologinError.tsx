import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

/** Props of {@link AutologinError}. */
export type AutologinErrorProps = {
  /** HTTP status of the failed validation, if there was a response. */
  httpStatus?: number | undefined;
  /** Status text or error message. */
  statusText: string;
  /** Validate again. */
  onRetry: () => void;
};

/**
 * Shown when validating the session on load fails other than with 401 or AUTH_SESSION_LOCKED
 * (spec §4, §8): 'Autologowanie nieudane' plus the status code and text, e.g. '500 Internal Server Error'.
 */
export function AutologinError({ httpStatus, statusText, onRetry }: AutologinErrorProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t("autologin.failed")} — ${t("app.titleSuffix")}`);
  const status = [httpStatus, statusText].filter((part) => part !== undefined && part !== "").join(" ");
  return (
    <main className="centered-screen">
      <section className="card" role="alert">
        <h1>{t("autologin.failed")}</h1>
        <p>{status}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t("autologin.retry")}
        </button>
      </section>
    </main>
  );
}
