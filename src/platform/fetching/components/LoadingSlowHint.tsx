import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { loadingSlowAtom } from "../atoms";
import "./LoadingSlowHint.css";

/**
 * 'Wczytywanie trwa dłużej niż zwykle' (en 'Loading is taking longer than usual', spec §9 loading-slow)
 * while a session resource is still loading after the loading-slow time; gone once it has loaded.
 * A polite live region (role="status") that is always in the page, so screen readers announce the
 * text when it appears; floating above the content (no layout shift). data-testid="loading-slow".
 */
export function LoadingSlowHint() {
  const slow = useAtomValue(loadingSlowAtom);
  const { t } = useTranslation();
  return (
    <div className="loading-slow" role="status" aria-live="polite" data-testid="loading-slow-region">
      {slow && (
        <p className="loading-slow__text" data-testid="loading-slow">
          {t("fetching.loadingSlow")}
        </p>
      )}
    </div>
  );
}
