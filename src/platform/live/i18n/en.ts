import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the live connection indicator: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  nav: {
    liveDown: "No live connection",
  },
};
