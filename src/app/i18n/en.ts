import { en as auth } from "../../platform/auth/i18n/en";
import { en as car } from "../../features/car/i18n/en";
import { en as commands } from "../../platform/commands/i18n/en";
import { en as kiosk } from "../../platform/kiosk/i18n/en";
import { en as lights } from "../../features/lights/i18n/en";
import { en as live } from "../../platform/live/i18n/en";
import { en as offline } from "../../platform/offline/i18n/en";
import { en as preferences } from "../../platform/preferences/i18n/en";
import { en as sensors } from "../../features/sensors/i18n/en";
import { en as switches } from "../../features/switches/i18n/en";
import { en as weather } from "../../features/weather/i18n/en";
import { en as garage } from "../../features/garage/i18n/en";
import { en as settings } from "../../features/settings/i18n/en";
import { en as ir } from "../../features/ir/i18n/en";
import { en as history } from "../../features/history/i18n/en";
import { en as calendar } from "../../features/calendar/i18n/en";
import { en as automations } from "../../features/automations/i18n/en";
import { en as cameras } from "../../features/cameras/i18n/en";
import { en as gps } from "../../features/gps/i18n/en";
import { en as pv } from "../../features/pv/i18n/en";
import { en as climate } from "../../features/climate/i18n/en";
import { en as fetching } from "../../platform/fetching/i18n/en";
import { mergeResources } from "../../shared/i18n";
import { en as app } from "./app/en";
import type { Resources } from "./pl";

/**
 * English resources (second locale): every feature's English texts, the same keys as Polish (typed
 * with {@link Resources}, so a missing key fails typecheck). Loaded with `import()` only when the
 * locale is English (src/app/i18n/index.ts), so it is not part of the entry chunk.
 */
export const en: Resources = mergeResources(
  app,
  auth,
  car,
  commands,
  kiosk,
  live,
  offline,
  preferences,
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
