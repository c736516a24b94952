import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of energy monitoring: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  energy: {
    reading: "Power draw",
    today: "today {{energy}}",
    power: "Power",
    openChart: "Chart of the day: power draw: {{label}}",
  },
};
