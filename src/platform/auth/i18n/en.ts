import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of sign-in, autologin, the PIN lock screen and the session actions of the menu: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  login: {
    title: "Sign in",
    login: "Login",
    password: "Password",
    sessionName: "Session name",
    sessionNamePlaceholder: "e.g. Home computer or Phone",
    submit: "Sign in",
    errors: {
      loginRequired: "Login is required",
      passwordRequired: "Password is required",
      sessionNameRequired: "Session name is required",
      badCredentials: "Wrong password or login",
      unknown: "Unknown error",
    },
    failedToast: "Sign-in failed",
  },
  autologin: {
    failed: "Automatic sign-in failed",
    retry: "Try again",
  },
  lock: {
    title: "Session locked",
    tapToStart: "Tap to start.",
    prompt: "Session locked, enter your PIN",
    pin: "PIN",
    deleteDigit: "Delete last digit",
    unlock: "Unlock",
    badPin_one: "Wrong PIN. {{count}} attempt left; one more mistake ends the session.",
    badPin_few: "Wrong PIN. {{count}} attempts left.",
    badPin_many: "Wrong PIN. {{count}} attempts left.",
    badPin_other: "Wrong PIN. {{count}} attempts left.",
    pinDelay: "Too many attempts in a row.",
    waitSeconds: "Next attempt in {{seconds}} s.",
    failed: "Could not unlock. Try again.",
    revoked: "Too many wrong PINs: the session was ended. Sign in again.",
  },
  menu: {
    lock: "Lock session",
    logout: "Sign out",
    loggedInAs: "Signed in as {{login}}",
    logoutConfirmTitle: "Sign out of this device?",
    logoutConfirmText: "To come back you will need the login, password and session name.",
    cancel: "Cancel",
  },
};
