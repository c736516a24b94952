import { lazy } from "react";
import type { AppPart } from "../../platform/part";
import { devicesResource } from "./resource";

/**
 * What the devices feature brings to the app (src/platform/part.ts; listed in src/app/features.ts):
 * the device list (`GET /devices`) as a session resource and its texts (i18n/, with the router).
 */
export const feature = {
  name: "devices",
  sessionResources: [devicesResource],
  home: { order: 5 },
  carDashboard: lazy(() => import("./components/CarDevicesSection").then((m) => ({ default: m.CarDevicesSection }))),
} satisfies AppPart;
