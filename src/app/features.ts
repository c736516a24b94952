import { feature as automations } from "../features/automations/feature";
import { feature as calendar } from "../features/calendar/feature";
import { feature as energy } from "../features/energy/feature";
import { feature as cameras } from "../features/cameras/feature";
import { feature as car } from "../features/car/feature";
import { feature as climate } from "../features/climate/feature";
import { feature as devices } from "../features/devices/feature";
import { feature as garage } from "../features/garage/feature";
import { feature as gps } from "../features/gps/feature";
import { feature as history } from "../features/history/feature";
import { feature as ir } from "../features/ir/feature";
import { feature as lights } from "../features/lights/feature";
import { feature as panels } from "../features/panels/feature";
import { feature as pv } from "../features/pv/feature";
import { feature as push } from "../features/push/feature";
import { feature as sensors } from "../features/sensors/feature";
import { feature as settings } from "../features/settings/feature";
import { feature as switches } from "../features/switches/feature";
import { feature as weather } from "../features/weather/feature";
import { part as auth } from "../platform/auth/part";
import { part as commands } from "../platform/commands/part";
import { part as config } from "../platform/config/part";
import { part as fetching } from "../platform/fetching/part";
import { part as kiosk } from "../platform/kiosk/part";
import { part as live } from "../platform/live/part";
import { part as offline } from "../platform/offline/part";
import { part as preferences } from "../platform/preferences/part";
import type { AppPart } from "../platform/part";

/**
 * Every part of the app, once (DESIGN §4a): the platform's parts (src/platform), then the features
 * (src/features). The session's resources (sessionResources.ts), the persisted parts
 * (persistedParts.ts), both locales' texts (i18n/) and home's sections (homeSections.ts) are built
 * from it, in this order. A new feature adds its `feature.ts` here; a part left out is absent from all
 * of them. Kept a tuple so that the locales' types follow the parts' texts.
 */
export const PARTS = [
  preferences,
  config,
  live,
  auth,
  commands,
  kiosk,
  offline,
  fetching,
  switches,
  cameras,
  gps,
  sensors,
  lights,
  garage,
  climate,
  calendar,
  weather,
  car,
  settings,
  history,
  ir,
  automations,
  pv,
  energy,
  devices,
  panels,
  push,
] as const;

/** {@link PARTS} as plain declarations. */
export const FEATURES: readonly AppPart[] = PARTS;

type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type FirstScreenPl<P> = P extends { strings: { pl: infer S } } ? S : never;

/** The Polish texts the parts bundle with the first screen (the app's own come on top). */
export type FirstScreenStrings = Intersect<FirstScreenPl<(typeof PARTS)[number]>>;
