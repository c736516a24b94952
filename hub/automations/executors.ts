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

/** `switch` -> SwitchService.set; saved only for a switch of the household and one of its relays. */
export function registerSwitchExecutor(
  runner: ActionRunner,
  deps: { household: Household; switches: SwitchService },
): ActionRunner {
  const { household, switches } = deps;
  return runner.register(
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
  );
}

/** `light` -> LightsService.set; saved only for a light the hub knows or the household names. */
export function registerLightExecutor(
  runner: ActionRunner,
  deps: { household: Household; lights: LightsService },
): ActionRunner {
  const { household, lights } = deps;
  return runner.register(
    "light",
    async (action) => {
      await lights.set(action.light, {
        state: action.state,
        ...(action.brightness !== undefined ? { brightness: action.brightness } : {}),
      });
    },
    (action) =>
      lights.light(action.light) !== undefined || (household.lights ?? []).some((light) => light.name === action.light)
        ? null
        : ["light", "no such light"],
  );
}

/** `garage` -> GarageService.send; saved only for a door of the household. */
export function registerGarageExecutor(
  runner: ActionRunner,
  deps: { household: Household; garage: GarageService },
): ActionRunner {
  const { household, garage } = deps;
  return runner.register(
    "garage",
    async (action) => {
      await garage.send(action.door, action.command);
    },
    (action) =>
      household.garage.some((door) => door.door === action.door) ? null : ["door", "no such door in this household"],
  );
}

/**
 * `notify` -> `automation/notify` on the live channel. Notifications are bounded for all
 * automations together: at most {@link MAX_NOTIFICATIONS_PER_WINDOW} per
 * {@link NOTIFICATION_WINDOW_MS}; one past it is not published, its action ends `failed` (`not
 * sent: ...`) and the drops are counted and logged (bounds.ts DropLog).
 */
export function registerNotifyExecutor(
  runner: ActionRunner,
  deps: { link: BrokerLink; log: HubLogger; now?: () => Date },
): ActionRunner {
  const { link } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const notifications = new RateWindow(MAX_NOTIFICATIONS_PER_WINDOW, NOTIFICATION_WINDOW_MS, clock);
  const tooMany = `not sent: more than ${String(MAX_NOTIFICATIONS_PER_WINDOW)} notifications in ${String(NOTIFICATION_WINDOW_MS / 1000)} s`;
  const dropped = new DropLog(deps.log, `automation notifications: ${tooMany}`, clock);
  return runner.register("notify", async (action, context) => {
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

/**
 * Registers the executors of switch, light, garage and notify on `runner` (each domain's own
 * registration above, as the hub's domains do: hub/domains.ts), each calling the same service
 * function as its HTTP route (the one command pattern; hub/broker/commands.ts underneath).
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
  registerSwitchExecutor(runner, deps);
  registerLightExecutor(runner, deps);
  registerGarageExecutor(runner, deps);
  return registerNotifyExecutor(runner, deps);
}
