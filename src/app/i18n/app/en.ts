import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the app's own texts: name, navigation, the menu's headings, cameras, errors, toasts: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  app: {
    name: "Home",
    loading: "Loading…",
    titleSuffix: "Home",
  },
  nav: {
    label: "Main bar",
    home: "Home",
    weather: "Weather",
    menu: "Menu",
    switches: "Switches",
    cameras: "Cameras",
    carDashboard: "Car dashboard",
  },
  menu: {
    title: "Menu",
    close: "Close menu",
    sessionHeading: "Session",
    deviceHeading: "This device",
    deviceIntro: "Saved in this browser only; other devices of this account stay as they are.",
    accountHeading: "Account",
    accountIntro: "Applies on every device signed in to this account.",
    moreHeading: "More",
  },
  cameras: {
    title: "Cameras",
    none: "No cameras",
    noneHint: "Cameras are added in the household configuration on the hub; each camera added shows its preview here.",
    liveTitle: "Camera view",
    liveUnknown: "There is no camera “{{id}}”.",
    backToCameras: "Back to the camera list",
    missingParam: "Missing required parameter: {{name}}",
  },
  errors: {
    title: "Something went wrong",
    details: "Details",
    retry: "Try again",
    notFound: "No such page.",
    backHome: "Back to start",
  },
  toasts: {
    label: "Notifications",
    dismiss: "Dismiss notification",
  },
};
