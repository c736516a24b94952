import { lazy } from "react";
import type { AppPart } from "../../platform/part";

/**
 * What the energy feature brings to the app (src/platform/part.ts; listed in src/app/features.ts):
 * its texts (i18n/, with the router) and the power reading on a switch (`switchDetail`, loaded lazily).
 */
export const feature = {
  name: "energy",
  switchDetail: lazy(() => import("./components/SwitchEnergy").then((m) => ({ default: m.SwitchEnergy }))),
} satisfies AppPart;
