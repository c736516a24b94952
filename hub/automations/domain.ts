import { defineDomain } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { adoptedSensors } from "../devices/uses/sensors";
import type { Migration } from "../core/db";
import { automationsRoutes } from "./routes";
import { startAutomations } from "./start";

const MIGRATIONS: readonly Migration[] = [
  {
    // Automations (hub/automations/store.ts): the definition as JSON (name, enabled,
    // trigger, actions; validated on read) and each run's record, at most MAX_KEPT_RUNS per automation.
    version: 7,
    order: 6,
    sql: `
      CREATE TABLE automations (
        id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE automation_runs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        automation_id TEXT NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
        json TEXT NOT NULL
      );
      CREATE INDEX automation_runs_by_automation ON automation_runs(automation_id, seq);
    `,
  },
];

/**
 * The automations (docs/contract.md "Automations"): triggers on live topics run actions through the
 * executors the other domains registered on `context.actions` (a kind none registered ends
 * `unavailable`); the action `notify` is its own. Listed after the domains whose actions it runs.
 * Threshold and door triggers name the household file's sensors and the devices' adopted ones.
 */
export const automationsDomain = defineDomain({
  name: "automations",
  routes: { automations: ["general", "generalV1"] },
  migrations: MIGRATIONS,
  topicRoots: ["automation"],
  automation: { actions: ["notify"], triggers: ["time"] },
  start: ({ db, link, household, log, actions, options, router, find }) => {
    const devices = find(devicesDomain);
    const automations = startAutomations({
      db,
      link,
      household,
      log,
      runner: actions,
      router,
      adoptedSensors: devices ? () => adoptedSensors(devices.adoptions, devices.registry) : undefined,
      demo: options.demo,
    });
    return {
      service: automations.service,
      routes: { automations: automationsRoutes({ automations: automations.service }) },
      stop: () => automations.stop(),
    };
  },
});
