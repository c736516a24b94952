import type { NamedHomeSection } from "../routes/-context";
import { FEATURES } from "./features";

/** Home's sections (spec §2) from the one list of the app's parts (src/app/features.ts), by `order`. */
export const HOME_SECTIONS: readonly NamedHomeSection[] = FEATURES.flatMap((part) =>
  part.home ? [{ name: part.name, ...part.home }] : [],
).sort((a, b) => a.order - b.order);
