import { lazy } from "react";
import type { AppPart } from "../../platform/part";

/**
 * What the pv feature brings to the app (src/platform/part.ts; listed in src/app/features.ts): its
 * texts, home's solar tiles (below the adopted devices) and the same tiles on the car dashboard for
 * inverters adopted for the car (loaded lazily).
 */
export const feature = {
  name: "pv",
  home: { order: 6 },
  carDashboard: lazy(() => import("./components/SolarCar").then((m) => ({ default: m.SolarCar }))),
} satisfies AppPart;
