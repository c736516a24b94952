import type { i18n as I18n } from "i18next";
import { Provider } from "jotai";
import { I18nextProvider } from "react-i18next";
import type { AppContext } from "../routes/-context";
import { InsecureNotice } from "../platform/offline/components/InsecureNotice";
import { OfflineNotice } from "../platform/offline/components/OfflineNotice";
import { PreferenceEffects } from "./PreferenceEffects";
import type { AppRouter } from "./router";
import { SessionGate } from "./SessionGate";
import { ToastHost } from "./ToastHost";

/** Props of {@link App}; `router` may still be loading (boot.ts). */
export type AppProps = {
  router: AppRouter | Promise<AppRouter>;
  context: AppContext;
  i18n: I18n;
  reload?: () => void;
};

/**
 * The composed dashboard: the one store, translations, preference effects, the insecure-connection
 * and offline notices, session gate, toasts.
 */
export function App({ router, context, i18n, reload }: AppProps) {
  return (
    <Provider store={context.store}>
      <I18nextProvider i18n={i18n}>
        <PreferenceEffects />
        <InsecureNotice />
        <OfflineNotice />
        <SessionGate router={router} context={context} reload={reload} />
        <ToastHost />
      </I18nextProvider>
    </Provider>
  );
}
