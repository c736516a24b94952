import { createFileRoute, Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SessionActions } from "../features/auth/components/SessionActions";
import { WakeLockToggle } from "../features/kiosk/components/WakeLockToggle";
import { DeviceLayoutField } from "../features/preferences/components/DeviceLayoutField";
import { PreferencesForm } from "../features/preferences/components/PreferencesForm";
import { SettingsSection } from "../features/preferences/components/SettingsSection";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/**
 * /menu (spec §2): three headed sections: 'Sesja' (who is logged in, lock, log out), 'To urządzenie'
 * (this device's layout and screen wake lock, kept in this browser), 'Konto' (the account's
 * preferences: layout default, zoom lock, alerts, language; PATCH /preferences) and 'Więcej' (links
 * to the cat tracker /gps and the PV logs /pv, issue 11).
 */
function MenuPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("menu.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page menu">
      <h1>{t("menu.title")}</h1>
      <SettingsSection title={t("menu.sessionHeading")}>
        <SessionActions />
      </SettingsSection>
      <SettingsSection title={t("menu.deviceHeading")} intro={t("menu.deviceIntro")}>
        <div className="settings-list">
          <DeviceLayoutField />
          <WakeLockToggle />
        </div>
      </SettingsSection>
      <SettingsSection title={t("menu.accountHeading")} intro={t("menu.accountIntro")}>
        <PreferencesForm />
      </SettingsSection>
      <SettingsSection title={t("menu.moreHeading")}>
        <ul className="menu-links">
          <li>
            <Link to="/gps" className="button menu-links__link">
              {t("gps.title")}
            </Link>
          </li>
          <li>
            <Link to="/pv" className="button menu-links__link">
              {t("pv.title")}
            </Link>
          </li>
        </ul>
      </SettingsSection>
    </section>
  );
}

export const Route = createFileRoute("/menu")({ component: MenuPage });
