import { AUTOMATION_RUN_TOPIC, type AutomationRunPayload } from "../../contract/automations";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Db } from "../core/db";
import type { GarageService } from "../garage/service";
import type { Household } from "../household/schema";
import type { LightsService } from "../lights/service";
import type { SwitchService } from "../switches/service";
import { seedDemoAutomations } from "./demo-seed";
import { AutomationEngine } from "./engine";
import { registerBuiltInExecutors } from "./executors";
import { ActionRunner } from "./runner";
import { AutomationService } from "./service";
import { AutomationStore } from "./store";

/** The running automations domain: its service (for the routes), its runner (to register more executors) and stop. */
export interface RunningAutomations {
  service: AutomationService;
  runner: ActionRunner;
  stop(): void;
}

/**
 * Builds the automations domain: the SQLite store, the runner with the executors of
 * switch, light, garage and notify (heater, AC and IR: device-executors.ts, registered by server.ts
 * on the returned runner), the service, and the engine firing triggers. Each run
 * is published on `automation/run` (not retained) so dashboards show it at once.
 */
export function startAutomations(deps: {
  db: Db;
  link: BrokerLink;
  household: Household;
  log: HubLogger;
  switches: SwitchService;
  lights: LightsService;
  garage: GarageService;
  demo?: boolean;
}): RunningAutomations {
  const { db, link, household, log } = deps;
  const store = new AutomationStore(db, (id) =>
    log.warn({ automation: id }, "stored automation no longer fits the contract: skipped"),
  );
  const runner = registerBuiltInExecutors(new ActionRunner(), deps);
  const service = new AutomationService(store, runner, household);
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
  const engine = new AutomationEngine({ link, service, household, log }).start();
  return { service, runner, stop: () => engine.stop() };
}
