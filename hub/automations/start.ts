import { AUTOMATION_RUN_TOPIC, type AutomationRunPayload } from "../../contract/automations";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import type { Db } from "../core/db";
import type { Household } from "../household/schema";
import { seedDemoAutomations } from "./demo-seed";
import { AutomationEngine } from "./engine";
import { registerNotifyExecutor } from "./executors";
import type { ActionRunner } from "./runner";
import { AutomationService, type AdoptedSensors } from "./service";
import { AutomationStore } from "./store";

/** The running automations domain: its service (for the routes), its runner (to register more executors) and stop. */
export interface RunningAutomations {
  service: AutomationService;
  runner: ActionRunner;
  stop(): void;
}

/**
 * Builds the automations domain: the SQLite store, the notify executor on `runner` (the action
 * registry the device domains register their executors on: hub/domains.ts), the service, and the
 * engine firing triggers. Each run is published on `automation/run` (not retained) so dashboards
 * show it at once. In demo mode the demo automations that fit the household are created once.
 */
export function startAutomations(deps: {
  db: Db;
  link: BrokerLink;
  household: Household;
  log: HubLogger;
  runner: ActionRunner;
  /** The device router device triggers read (hub/automations/device-trigger.ts). */
  router?: DeviceRouter;
  /** The devices' adopted sensors, which threshold and door triggers may name besides the household file's. */
  adoptedSensors?: AdoptedSensors;
  demo?: boolean;
}): RunningAutomations {
  const { db, link, household, log } = deps;
  const store = new AutomationStore(db, (id) =>
    log.warn({ automation: id }, "stored automation no longer fits the contract: skipped"),
  );
  const runner = registerNotifyExecutor(deps.runner, deps);
  const service = new AutomationService(store, runner, household, undefined, deps.adoptedSensors);
  service.onRun((id, run) => {
    link.publish(AUTOMATION_RUN_TOPIC, JSON.stringify({ id, run } satisfies AutomationRunPayload), {
      retain: false,
      qos: 1,
    });
    if (!run.ok) log.warn({ automation: id, outcomes: run.outcomes }, "automation run had failed actions");
  });
  if (deps.demo) {
    const count = seedDemoAutomations(service);
    if (count > 0) log.info({ count }, "created the demo automations");
  }
  const engine = new AutomationEngine({
    link,
    service,
    household,
    log,
    router: deps.router,
    adoptedSensors: deps.adoptedSensors,
  }).start();
  return { service, runner, stop: () => engine.stop() };
}
