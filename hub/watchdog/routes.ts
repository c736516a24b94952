import type { FastifyInstance } from "fastify";
import { SensorsNotifyBodySchema, SENSORS_NOTIFY_PATH, type SensorsNotifyAnswer } from "../../contract/settingValues";
import { parseBody } from "../http/body";
import type { WatchdogService } from "./service";

/**
 * `POST /config/sensors/notify` on the general bases (spec §7, docs/contract.md "Watchdogs"): the
 * sensors' watchers (the watchdogs) re-read their settings and judge the last readings again, so
 * alerts follow a changed household at once. Answers the alerts active now.
 */
export function watchdogRoutes({ watchdog }: { watchdog: Pick<WatchdogService, "reload" | "activeAlerts"> }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(SENSORS_NOTIFY_PATH, async (request) => {
      parseBody(SensorsNotifyBodySchema, request.body);
      watchdog.reload();
      return { item: { active: watchdog.activeAlerts() } } satisfies SensorsNotifyAnswer;
    });
  };
}
