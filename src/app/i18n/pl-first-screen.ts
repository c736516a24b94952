import { mergeResources } from "../../shared/i18n";
import { FEATURES, type FirstScreenStrings } from "../features";
import { pl as app } from "./app/pl";

/**
 * The Polish texts of what can show before the session is logged in (they are in the entry
 * chunk): the app frame and the texts the parts declare as theirs before login (src/app/features.ts:
 * the platform's login and lock, offline notices, the live spinner, kiosk updates, commands' toasts
 * and preferences). Every other part's texts load with the router (pl-logged-in.ts).
 */
export const plFirstScreen = mergeResources(
  app,
  ...FEATURES.flatMap((part) => (typeof part.strings === "object" ? [part.strings.pl] : [])),
) as typeof app & FirstScreenStrings;
