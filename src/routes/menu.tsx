import { createFileRoute, Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { carSectionIds } from "../features/car";
import { carDevices, devicesAtom, displayNameOf } from "../features/devices";
import { LazyPanelsMenu, type CarSectionChoice } from "../features/panels";
import { useCarDashboardSections } from "../platform/slots";
import { SessionActions } from "../platform/auth/components/SessionActions";
import { CalendarsEditor } from "../features/calendar/components/CalendarsEditor";
import { DevicesLink } from "../features/devices/components/DevicesLink";
import { RemotesLink } from "../features/ir/components/RemotesLink";
import { PushSettings } from "../features/push";
import { ScreensaverSettings } from "../platform/kiosk/components/ScreensaverSettings";
import { WakeLockToggle } from "../platform/kiosk/components/WakeLockToggle";
import { DeviceLayoutField } from "../platform/preferences/components/DeviceLayoutField";
import { PreferencesForm } from "../platform/preferences/components/PreferencesForm";
import { SettingsSection } from "../platform/preferences/components/SettingsSection";
import { fetchSensors } from "../features/sensors/api";
import { CollapsibleSection } from "../features/settings/components/CollapsibleSection";
import { HouseholdSwitches } from "../features/settings/components/HouseholdSwitches";
import { SessionList } from "../features/settings/components/SessionList";
import { SwitchGroups } from "../features/settings/components/SwitchGroups";
import { WatchdogEditor } from "../features/settings/components/WatchdogEditor";
import { useDocumentTitle } from "../ui/useDocumentTitle";
import { MenuFrame } from "./-components/MenuFrame";

/**
 * /menu (spec §2): 'Sesja' (who is logged in, lock, log out), 'To urządzenie' (this device's layout,
 * screen wake lock and this panel's screensaver, kept in this browser), 'Panele domu' (this browser as a panel: its name and
 * room; the household's panels with their commands and profiles; on demand), 'Konto' (the account's preferences: layout default,
 * zoom lock, alerts, language, start screen; PATCH /preferences), 'Powiadomienia push' (this panel's
 * Web Push subscription and its events), then sections that open on demand:
 * 'Sesje' (every session of the user, each logged out after a confirmation), and the household's
 * settings (PATCH /settings): 'Przełączniki na ekranach', 'Grupy przełączników' and
 * 'Alarmy pogody i temperatury', 'Kalendarze' (the household's ICS calendars), and 'Więcej' (links to the devices /devices, the cat
 * tracker /gps and the PV logs /pv). On a phone it is a drawer (MenuFrame, spec §9 "drawer close 500 ms").
 */
function MenuPage() {
  const { t } = useTranslation();
  const sensors = Route.useLoaderData();
  const homeSections = Route.useRouteContext({ select: (context) => context.homeSections });
  const sections = ["sensors", ...homeSections.map((section) => section.name)];
  const carDevicesList = carDevices(useAtomValue(devicesAtom) ?? []);
  const carSections: CarSectionChoice[] = carSectionIds(useCarDashboardSections().map((section) => section.id)).flatMap(
    (id) => [
      { id },
      ...(id === "devices"
        ? carDevicesList.map((device) => ({
            id: `devices:${device.id}`,
            name: t("panels.carSections.item", { name: displayNameOf(device) }),
          }))
        : []),
    ],
  );
  useDocumentTitle(`${t("menu.title")} — ${t("app.titleSuffix")}`);
  return (
    <MenuFrame>
      <SettingsSection title={t("menu.sessionHeading")}>
        <SessionActions />
      </SettingsSection>
      <SettingsSection title={t("menu.deviceHeading")} intro={t("menu.deviceIntro")}>
        <div className="settings-list">
          <DeviceLayoutField />
          <WakeLockToggle />
          <ScreensaverSettings />
        </div>
      </SettingsSection>
      <CollapsibleSection title={t("panels.listHeading")} intro={t("panels.listIntro")} testId="menu-panels">
        <Suspense fallback={null}>
          <LazyPanelsMenu sections={sections} carSections={carSections} />
        </Suspense>
      </CollapsibleSection>
      <SettingsSection title={t("menu.accountHeading")} intro={t("menu.accountIntro")}>
        <PreferencesForm />
      </SettingsSection>
      <SettingsSection title={t("push.title")} intro={t("push.intro")}>
        <PushSettings />
      </SettingsSection>
      <CollapsibleSection
        title={t("settings.sessionsHeading")}
        intro={t("settings.sessionsIntro")}
        testId="menu-sessions"
      >
        <SessionList />
      </CollapsibleSection>
      <CollapsibleSection
        title={t("settings.switchesHeading")}
        intro={t("settings.switchesIntro")}
        testId="menu-switches"
      >
        <HouseholdSwitches />
      </CollapsibleSection>
      <CollapsibleSection title={t("settings.groupsHeading")} intro={t("settings.groupsIntro")} testId="menu-groups">
        <SwitchGroups />
      </CollapsibleSection>
      <CollapsibleSection
        title={t("settings.watchdogHeading")}
        intro={t("settings.watchdogIntro")}
        testId="menu-watchdogs"
      >
        <WatchdogEditor sensors={sensors} />
      </CollapsibleSection>
      <CollapsibleSection
        title={t("calendar.settings.heading")}
        intro={t("calendar.settings.intro")}
        testId="menu-calendars"
      >
        <CalendarsEditor />
      </CollapsibleSection>
      <SettingsSection title={t("ir.title")}>
        <RemotesLink />
      </SettingsSection>
      <SettingsSection title={t("automations.title")} intro={t("automations.menuIntro")}>
        <Link to="/automations" className="button">
          {t("automations.menuLink")}
        </Link>
      </SettingsSection>
      <SettingsSection title={t("menu.moreHeading")}>
        <ul className="menu-links">
          <li>
            <DevicesLink className="button menu-links__link" />
          </li>
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
    </MenuFrame>
  );
}

export const Route = createFileRoute("/menu")({
  // The sensors the watchdogs may watch; the menu (sessions, logout) must work without them.
  loader: async ({ context }) => {
    try {
      return (await fetchSensors(context.api.general)).data;
    } catch {
      return [];
    }
  },
  component: MenuPage,
});
