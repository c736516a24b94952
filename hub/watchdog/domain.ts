import { defineDomain } from "../core/domain";
import { settingsDomain } from "../settings/domain";
import { watchdogRoutes } from "./routes";
import { WatchdogService } from "./service";

/** The watchdogs: alerts on `alert/<watchdog>/<id>` when a sensor reading crosses a limit of the settings. */
export const watchdogDomain = defineDomain({
  name: "watchdog",
  routes: { watchdog: ["general", "generalV1"] },
  topicRoots: ["alert"],
  start: (context) => {
    const watchdog = new WatchdogService(
      context.link,
      context.get(settingsDomain).settings,
      context.household,
      context.log,
    ).start();
    return { service: watchdog, routes: { watchdog: watchdogRoutes({ watchdog }) } };
  },
});
