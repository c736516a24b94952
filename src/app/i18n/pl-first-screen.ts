import { pl as auth } from "../../platform/auth/i18n/pl";
import { pl as commands } from "../../platform/commands/i18n/pl";
import { pl as kiosk } from "../../platform/kiosk/i18n/pl";
import { pl as live } from "../../platform/live/i18n/pl";
import { pl as offline } from "../../platform/offline/i18n/pl";
import { pl as preferences } from "../../platform/preferences/i18n/pl";
import { pl as app } from "./app/pl";
import { mergeResources } from "../../shared/i18n";

/**
 * The Polish texts of what can show before the session is logged in (they are in the entry
 * chunk): the app frame, login and lock, offline notices, the live spinner, kiosk updates, commands'
 * toasts and preferences. Every other feature's texts load with the router (pl-logged-in.ts).
 */
export const plFirstScreen = mergeResources(app, auth, commands, kiosk, live, offline, preferences);
