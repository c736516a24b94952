import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SessionActions } from "../features/auth/components/SessionActions";
import { WakeLockToggle } from "../features/kiosk/components/WakeLockToggle";
import { PreferencesForm } from "../features/preferences/components/PreferencesForm";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /menu (spec §2): session actions (lock, log out) and preferences (layout, zoom lock, alerts, language) and this device's screen wake lock. */
function MenuPage() {
  const { t } = useTranslation();
  const { api, notify } = Route.useRouteContext();
  useDocumentTitle(`${t("menu.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page menu">
      <h1>{t("menu.title")}</h1>
      <SessionActions auth={api.auth} notify={notify} />
      <PreferencesForm auth={api.auth} notify={notify} />
      <WakeLockToggle />
    </section>
  );
}

export const Route = createFileRoute("/menu")({ component: MenuPage });
