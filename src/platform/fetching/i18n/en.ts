import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of data fetching: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  fetching: {
    loadingSlow: "Loading is taking longer than usual",
  },
};
