import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the push notifications' menu section: the same keys as the Polish ones. */
export const en: Strings<typeof pl> = {
  push: {
    title: "Push notifications",
    intro: "Notifications on this panel, also while the app is closed: a phone in a pocket, a tablet in the car.",
    loading: "Checking notifications…",
    loadFailed: "Could not read the notification settings from the hub.",
    on: "On for this panel.",
    off: "Off for this panel.",
    categories: "Notify about",
    category: {
      doorbell: "Doorbell",
      gate: "Gate",
      garage: "Garage",
      leak: "Water leak",
      smoke: "Smoke",
    },
    subscribe: "Turn notifications on",
    save: "Save choice",
    unsubscribe: "Turn notifications off",
    saved: "Saved.",
    noneChosen: "Choose at least one event.",
    problem: {
      insecure: "Push notifications need a secure connection (HTTPS). Open the panel at an https:// address.",
      unsupported: "This browser does not support push notifications.",
      denied: "Notifications are not allowed. Allow them in the browser's settings for this site.",
      subscribeFailed: "The browser could not subscribe with its push service. Try again later.",
      hub: "The hub did not save the notification settings. Try again.",
    },
  },
};
