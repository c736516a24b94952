import { pl as car } from "../../features/car/i18n/pl";
import { pl as lights } from "../../features/lights/i18n/pl";
import { pl as sensors } from "../../features/sensors/i18n/pl";
import { pl as switches } from "../../features/switches/i18n/pl";
import { pl as weather } from "../../features/weather/i18n/pl";
import { pl as garage } from "../../features/garage/i18n/pl";
import { pl as settings } from "../../features/settings/i18n/pl";
import { pl as ir } from "../../features/ir/i18n/pl";
import { pl as history } from "../../features/history/i18n/pl";
import { pl as calendar } from "../../features/calendar/i18n/pl";
import { pl as automations } from "../../features/automations/i18n/pl";
import { pl as cameras } from "../../features/cameras/i18n/pl";
import { pl as gps } from "../../features/gps/i18n/pl";
import { pl as pv } from "../../features/pv/i18n/pl";
import { pl as climate } from "../../features/climate/i18n/pl";
import { pl as fetching } from "../../platform/fetching/i18n/pl";
import { mergeResources } from "../../shared/i18n";

/**
 * The Polish texts of the logged-in app's features (devices, screens, settings): loaded with the
 * router after login (boot.ts, addStrings), not in the first screen's chunk (first screen budget, DESIGN.md §6).
 */
export const plLoggedIn = mergeResources(
  car,
  sensors,
  switches,
  weather,
  lights,
  garage,
  settings,
  gps,
  history,
  ir,
  calendar,
  automations,
  cameras,
  pv,
  climate,
  fetching,
);
