import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the account's preferences and this device's layout (menu), language names: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  menu: {
    carLayout: "Car layout",
    zoomLock: "Zoom lock",
    alerts: "Alerts",
    language: "Language",
    failed: "Could not save the change",
    deviceLayout: "Layout on this device",
    deviceLayoutDescription: "E.g. car on the tablet in the car; the wall tablet and phones keep theirs.",
    deviceLayoutAccount: "As the account (now: {{layout}})",
    deviceLayoutStandard: "Standard: bar at the bottom",
    deviceLayoutCar: "Car: bar on the right, large buttons",
    layoutStandard: "standard",
    layoutCar: "car",
    carLayoutDescription: "Default layout of this account's devices that have no choice of their own.",
    zoomLockDescription: "Turns off two-finger page zoom.",
    alertsDescription: "A doorbell window with camera views when someone rings at the gate.",
    languageDescription: "Language of the dashboard's texts and dates.",
    on: "On",
    off: "Off",
    defaultRoute: "Start screen",
    defaultRouteDescription: "Opened once when the app starts in a browser.",
    routes: {
      home: "Home",
      weather: "Weather",
      menu: "Menu",
      switches: "Switches",
      cameras: "Cameras",
      carDashboard: "Car dashboard",
    },
  },
  languages: {
    pl: "Polski",
    en: "English",
  },
};
