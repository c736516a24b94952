import { randomBytes } from "node:crypto";
import { AUTOMATION_NOTIFY_TOPIC, type AutomationNotifyPayload } from "../../contract/automations";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { GarageService } from "../garage/service";
import type { Household } from "../household/schema";
import type { LightsService } from "../lights/service";
import type { SwitchService } from "../switches/service";
import { relayCommands } from "../switches/relays";
import { DropLog, MAX_NOTIFICATIONS_PER_WINDOW, NOTIFICATION_WINDOW_MS, RateWindow } from "./bounds";
import type { ActionRunner } from "./runner";

/**
 * Registers the executors of the domains this hub has today on `runner`, each calling the same
 * service function as its HTTP route (the one command pattern; hub/broker/commands.ts underneath):
 * switch -> SwitchService.set, light -> LightsService.set, garage -> GarageService.send, notify ->
 * `automation/notify` on the live channel. Heater, AC and IR plug in the same way from their domains
 * (`runner.register("heater", (action) => climate.setHeater(...))`). Notifications are bounded for
 * all automations together: at most {@link MAX_NOTIFICATIONS_PER_WINDOW} per
 * {@link NOTIFICATION_WINDOW_MS}; one past it is not published, its action ends `failed` (`not
 * sent: ...`) and the drops are counted and logged (bounds.ts DropLog).
 */
export function registerBuiltInExecutors(
  runner: ActionRunner,
  deps: {
    household: Household;
    switches: SwitchService;
    lights: LightsService;
    garage: GarageService;
    link: BrokerLink;
    log: HubLogger;
    now?: () => Date;
  },
): ActionRunner {
  const { household, switches, lights, garage, link } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const notifications = new RateWindow(MAX_NOTIFICATIONS_PER_WINDOW, NOTIFICATION_WINDOW_MS, clock);
  const tooMany = `not sent: more than ${String(MAX_NOTIFICATIONS_PER_WINDOW)} notifications in ${String(NOTIFICATION_WINDOW_MS / 1000)} s`;
  const dropped = new DropLog(deps.log, `automation notifications: ${tooMany}`, clock);
  return runner
    .register(
      "switch",
      async (action) => {
        await switches.set(action.switch, { relay: action.relay, state: action.state });
      },
      (action) => {
        const item = household.switches.find((candidate) => candidate.name === action.switch);
        if (!item) return ["switch", "no such switch"];
        const relays = relayCommands(item);
        return relays.has(action.relay)
          ? null
          : ["relay", `must be one of ${[...relays.keys()].join(", ")} for this switch`];
      },
    )
    .register(
      "light",
      async (action) => {
        await lights.set(action.light, {
          state: action.state,
          ...(action.brightness !== undefined ? { brightness: action.brightness } : {}),
        });
      },
      (action) =>
        lights.light(action.light) !== undefined ||
        (household.lights ?? []).some((light) => light.name === action.light)
          ? null
          : ["light", "no such light"],
    )
    .register(
      "garage",
      async (action) => {
        await garage.send(action.door, action.command);
      },
      (action) =>
        household.garage.some((door) => door.door === action.door) ? null : ["door", "no such door in this household"],
    )
    .register("notify", async (action, context) => {
      if (!notifications.take()) {
        dropped.drop(1, {
          automation: context.automation.id,
          limit: MAX_NOTIFICATIONS_PER_WINDOW,
          windowMs: NOTIFICATION_WINDOW_MS,
        });
        throw new Error(tooMany);
      }
      const payload: AutomationNotifyPayload = {
        id: randomBytes(9).toString("base64url"),
        automation: context.automation.name,
        message: action.message,
        time: now().toISOString(),
      };
      link.publish(AUTOMATION_NOTIFY_TOPIC, JSON.stringify(payload), { retain: false, qos: 1 });
    });
}
