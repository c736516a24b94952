import type { ReactNode } from "react";
import type { Sensor } from "../../contract/sensors";
import type { PersistedPart } from "../lib/session/persisted";
import type { SessionResource } from "../lib/session/resource";
import type { CarDashboardComponent, SwitchDetailComponent } from "./slots";

/** A tree of texts (a locale's part): every leaf a string. */
export type StringTree = { readonly [key: string]: string | StringTree };

/** What a section of the home screen receives: the sensors home's route loaded (GET /config/sensors). */
export type HomeSectionProps = { sensors: readonly Sensor[] };

/** A home section's component: a function component of {@link HomeSectionProps}. */
export type HomeSectionComponent = (props: HomeSectionProps) => ReactNode;

/**
 * A section of the home screen (spec §2): where it goes. Its component is `HomeSection`, exported by
 * the part's `home.ts` (a {@link HomeSectionComponent}); the home route loads it with its data (so
 * none arrives after the ones below it: nothing moves what is shown). The sensors' rooms sit at
 * order 0; a section with a negative order comes above them, the others below, in ascending order.
 */
export type HomeSection = { readonly order: number };

/**
 * What one part of the app brings to the whole (DESIGN §4a): a feature (`src/features/<name>/feature.ts`)
 * or a platform part (`src/platform/<name>/part.ts`). The app lists them once (src/app/features.ts) and
 * builds from that list the session's resources, the persisted parts, both locales' texts and home's
 * sections. The list is part of the first screen's chunk, so a declaration holds nothing heavy:
 * - `strings`: the part's texts, in `<part>/i18n/pl.ts` (exporting `pl`) and `i18n/en.ts` (exporting
 *   `en`, typed from `pl`). By default they load with the router (src/app/i18n/pl-logged-in.ts);
 *   `{ pl }`, the Polish object itself, when they must be there before login (the platform's: login,
 *   lock, offline notices); `false` for a part without texts. English loads only with the English locale (src/app/i18n/en.ts).
 * - `sessionResources`: what a logged-in session loads over HTTP (spec §9), in the list's order.
 * - `persisted`: what is kept across reloads (spec §7).
 * - `home`: a section of the home screen (its component in the part's `home.ts`).
 * - `switchDetail`: what the part shows on a switch of the switches screen (src/platform/slots), a
 *   lazy component (the energy feature's power reading).
 * - `carDashboard`: a section the part shows on the car dashboard (src/platform/slots), a lazy
 *   component (the devices adopted for the car).
 */
export type AppPart = {
  /** The folder's name (`src/features/<name>` or `src/platform/<name>`). */
  readonly name: string;
  readonly strings?: { readonly pl: StringTree } | false;
  readonly sessionResources?: readonly SessionResource[];
  readonly persisted?: readonly PersistedPart[];
  readonly home?: HomeSection;
  readonly switchDetail?: SwitchDetailComponent;
  readonly carDashboard?: CarDashboardComponent;
};
