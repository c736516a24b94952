import {
  MAX_AUTOMATIONS,
  type Automation,
  type AutomationBody,
  type AutomationPatch,
  type AutomationRun,
  type AutomationTrigger,
} from "../../contract/automations";
import { HubError } from "../core/errors";
import type { Household, Sensor } from "../household/schema";
import { relayCommands } from "../switches/relays";
import type { ActionRunner } from "./runner";
import type { AutomationStore } from "./store";

/** What started a run: `manual` (`POST /automation/{id}/run`) or the trigger's type. */
export type RunCause = AutomationRun["cause"];

/** Called after every recorded run (the hub publishes it on `automation/run`). */
export type RunListener = (id: string, run: AutomationRun) => void;

/** One change: an automation created or edited (as now stored), or deleted. */
export type AutomationChange = { type: "saved"; automation: Automation } | { type: "deleted"; id: string };

/** Called after every create, edit or delete with that one change (the engine updates its index). */
export type ChangeListener = (change: AutomationChange) => void;

/** The devices' adopted sensors (hub/devices/uses/sensors.ts adoptedSensors), read when asked: adoptions change while the hub runs. */
export type AdoptedSensors = () => readonly Sensor[];

/**
 * The sensors triggers may name, as `GET /config/sensors` lists them: the household file's, then the
 * adopted ones whose kind and place no household sensor has.
 */
export function triggerSensors(household: Household, adopted?: AdoptedSensors): readonly Sensor[] {
  const more = adopted?.() ?? [];
  if (more.length === 0) return household.sensors;
  const own = new Set(household.sensors.map((sensor) => `${sensor.kind}/${sensor.place}`));
  return [...household.sensors, ...more.filter((sensor) => !own.has(`${sensor.kind}/${sensor.place}`))];
}

/** `[field, rule]` of a trigger whose references do not exist in the household (its file's sensors and `adopted`), or null. */
export function triggerProblem(
  trigger: AutomationTrigger,
  household: Household,
  adopted?: AdoptedSensors,
): [string, string] | null {
  switch (trigger.type) {
    case "threshold":
      return triggerSensors(household, adopted).some((sensor) => sensor.id === trigger.sensor)
        ? null
        : ["sensor", "no such sensor"];
    case "door":
      return triggerSensors(household, adopted).some((sensor) => sensor.id === trigger.sensor && sensor.kind === "door")
        ? null
        : ["sensor", "no such door sensor"];
    case "switch": {
      const item = household.switches.find((candidate) => candidate.name === trigger.switch);
      if (!item) return ["switch", "no such switch"];
      return relayCommands(item).has(trigger.relay)
        ? null
        : ["relay", `must be one of ${[...relayCommands(item).keys()].join(", ")} for this switch`];
    }
    case "time":
    case "doorbell":
    case "device":
    case "panel":
      return null;
  }
}

/**
 * The automations domain: stores automations (validated against the household: every
 * switch, sensor, light and door they name must exist), runs them with the {@link ActionRunner}
 * and records each run. The engine (engine.ts) calls {@link run} when a trigger fires; the routes
 * call every method. Each change is announced to `onChange` with the automation it touched (the
 * engine updates its index by trigger), so a change costs the same however many automations there
 * are: nothing re-reads them all. A household holds at most {@link MAX_AUTOMATIONS}.
 */
export class AutomationService {
  private readonly changeListeners: ChangeListener[] = [];
  private readonly runListeners: RunListener[] = [];
  /** How many automations are stored (readable or not), counted once at start and kept by each change. */
  private stored: number;

  constructor(
    private readonly store: AutomationStore,
    private readonly runner: ActionRunner,
    private readonly household: Household,
    private readonly now: () => Date = () => new Date(),
    /** Adopted sensors threshold and door triggers may name besides the household file's. */
    private readonly adoptedSensors?: AdoptedSensors,
  ) {
    this.stored = store.count();
  }

  /** Calls `listener` after every create, edit or delete, with that change. */
  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  /** Calls `listener` after every recorded run. */
  onRun(listener: RunListener): void {
    this.runListeners.push(listener);
  }

  /** Every automation, oldest first, with its last run. */
  list(): Automation[] {
    return this.store.list();
  }

  /** Automation `id`. @throws HubError NOT_FOUND */
  get(id: string): Automation {
    const automation = this.store.get(id);
    if (!automation) throw new HubError("NOT_FOUND", "no such automation");
    return automation;
  }

  /** Automation `id`'s kept runs, newest first. @throws HubError NOT_FOUND */
  runs(id: string): AutomationRun[] {
    this.get(id);
    return this.store.runs(id);
  }

  /**
   * Stores a new automation.
   * @throws HubError LIMIT_REACHED `{limit}` when the household already holds {@link MAX_AUTOMATIONS};
   *   BAD_REQUEST naming the field whose reference does not exist.
   */
  create(body: AutomationBody): Automation {
    if (this.stored >= MAX_AUTOMATIONS) {
      throw new HubError(
        "LIMIT_REACHED",
        `at most ${String(MAX_AUTOMATIONS)} automations per household: delete one first`,
        { limit: MAX_AUTOMATIONS },
      );
    }
    this.check(body);
    const created = this.store.insert(body, this.now());
    this.stored += 1;
    this.changed({ type: "saved", automation: created });
    return created;
  }

  /** Changes the given fields of automation `id`. @throws HubError NOT_FOUND, BAD_REQUEST naming the field. */
  patch(id: string, patch: AutomationPatch): Automation {
    const current = this.get(id);
    const next: AutomationBody = {
      name: patch.name ?? current.name,
      enabled: patch.enabled ?? current.enabled,
      trigger: patch.trigger ?? current.trigger,
      actions: patch.actions ?? current.actions,
    };
    this.check(next);
    this.store.update(id, next, this.now());
    const saved = this.get(id);
    this.changed({ type: "saved", automation: saved });
    return saved;
  }

  /** Deletes automation `id` and its runs. @throws HubError NOT_FOUND */
  remove(id: string): void {
    if (!this.store.delete(id)) throw new HubError("NOT_FOUND", "no such automation");
    this.stored -= 1;
    this.changed({ type: "deleted", id });
  }

  /**
   * Runs automation `id`'s actions in order (each to its end, whatever the one before did) and
   * records the run with its outcome per action. A disabled automation runs when asked (`manual`).
   * @throws HubError NOT_FOUND
   */
  async run(id: string, cause: RunCause): Promise<AutomationRun> {
    const automation = this.get(id);
    const at = this.now().toISOString();
    const outcomes = await this.runner.run(automation.actions, { automation: { id, name: automation.name } });
    const run: AutomationRun = { at, cause, ok: outcomes.every((outcome) => outcome.status === "done"), outcomes };
    this.store.addRun(id, run);
    for (const listener of this.runListeners) listener(id, run);
    return run;
  }

  private check(body: AutomationBody): void {
    const trigger = triggerProblem(body.trigger, this.household, this.adoptedSensors);
    if (trigger) throw new HubError("BAD_REQUEST", `trigger.${trigger[0]}: ${trigger[1]}`);
    body.actions.forEach((action, index) => {
      const problem = this.runner.check(action);
      if (problem) throw new HubError("BAD_REQUEST", `actions.${String(index)}.${problem[0]}: ${problem[1]}`);
    });
  }

  private changed(change: AutomationChange): void {
    for (const listener of this.changeListeners) listener(change);
  }
}
