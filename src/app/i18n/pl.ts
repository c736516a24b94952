import { pl as auth } from "../../features/auth/i18n/pl";
import { pl as car } from "../../features/car/i18n/pl";
import { pl as commands } from "../../features/commands/i18n/pl";
import { pl as kiosk } from "../../features/kiosk/i18n/pl";
import { pl as lights } from "../../features/lights/i18n/pl";
import { pl as live } from "../../features/live/i18n/pl";
import { pl as offline } from "../../features/offline/i18n/pl";
import { pl as preferences } from "../../features/preferences/i18n/pl";
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
import { mergeResources, type Strings } from "../../shared/i18n";
import { pl as app } from "./app/pl";

/**
 * Polish resources (default locale, in the entry chunk): every feature's texts merged (issue 8: each
 * feature owns its strings in `features/<x>/i18n/pl.ts`). Strings named in the spec (§2, §5, §8)
 * and the UI contract are exact.
 */
export const pl = mergeResources(app, auth, car, commands, kiosk, live, offline, preferences, sensors, switches, weather, lights, garage, settings, gps, history, ir, calendar, automations, cameras, pv, climate);

/** Shape every locale must follow (keys of the Polish resources). */
export type Resources = Strings<typeof pl>;
