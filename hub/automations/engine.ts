import { DOORBELL_RING_TOPIC } from "../../contract/cameras";
import * as v from "valibot";
import type { Automation, AutomationTrigger } from "../../contract/automations";
import { SensorReadingSchema } from "../../contract/sensors";
import { PowerPayloadSchema, type PowerPayload } from "../../contract/switches";
import { sensorTopic } from "../../contract/topics";
import { MAX_PAYLOAD_BYTES } from "../bridge/guards";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceEvent, DeviceRouter } from "../bridge/router";
import { deviceId } from "../../contract/devices";
import { DEVICE_TRIGGER_KINDS, DeviceTriggers } from "./device-trigger";
import { PanelTriggers } from "./panel-trigger";
import { PanelStateSchema } from "../../contract/panels";
import type { Household, Sensor } from "../household/schema";
import { relayCommands } from "../switches/relays";
import { DropLog, MAX_RUNS_PER_TRIGGER } from "./bounds";
import { earliest, nextOccurrence } from "./schedule";
import type { AdoptedSensors, AutomationChange, AutomationService, RunCause } from "./service";
import {
  changedTo,
  isFreshRing,
  LATE_RUN_LIMIT_MS,
  MAX_TRIGGERED_RUNS_PER_MINUTE,
  relayKey,
  thresholdCrossed,
} from "./triggers";

/** Longest wait of the schedule's timer; it then looks again (a changed clock, a long setTimeout). */
const MAX_TIMER_MS = 60 * 60_000;

/** Parses a JSON payload with `schema`; null when it is not JSON or does not fit. */
function parsed<TSchema extends v.GenericSchema>(schema: TSchema, payload: Buffer): v.InferOutput<TSchema> | null {
  if (payload.length > MAX_PAYLOAD_BYTES) return null;
  try {
    const result = v.safeParse(schema, JSON.parse(payload.toString("utf8")));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** What the engine needs; `now` and the timer functions are replaceable for tests (fake clock). */
export interface EngineDeps {
  link: BrokerLink;
  service: AutomationService;
  household: Household;
  log: HubLogger;
  /** The hub's device router: device triggers read the devices' own messages (absent: they never fire). */
  router?: DeviceRouter;
  /** Adopted sensors (service.ts AdoptedSensors): their `sensor/<kind>/<place>` fire threshold and door triggers too. */
  adoptedSensors?: AdoptedSensors;
  now?: () => number;
}

/** The index bucket an automation's trigger lives in: the one kind of event that can fire it. */
function triggerKey(trigger: AutomationTrigger): string {
  switch (trigger.type) {
    case "time":
    case "doorbell":
      return trigger.type;
    case "threshold":
    case "door":
      return `sensor:${trigger.sensor}`;
    case "switch":
      return `switch:${trigger.switch}`;
    case "device":
      return `device:${trigger.device}`;
    case "panel":
      return "panel";
  }
}

/**
 * Runs automations when their trigger fires. It listens to the hub's own namespace, what
 * the bridge made of the devices' payloads: `sensor/<kind>/<place>` (threshold and door triggers),
 * `power/<switch>/POWER<n>` (switch triggers), `doorbell/ring`, `panel/<id>/state` (panel triggers:
 * panel-trigger.ts), and the devices' own messages through
 * the device router (device triggers: device-trigger.ts); and keeps one timer for the next time
 * trigger (Europe/Warsaw, schedule.ts). Edges only: a threshold or a state fires when it changes,
 * never for the first value it sees (a retained one at start). Each automation runs once at a time,
 * at most {@link MAX_TRIGGERED_RUNS_PER_MINUTE} triggered runs a minute; disabled ones never fire.
 * One occurrence of a trigger runs at most {@link MAX_RUNS_PER_TRIGGER} automations, those created
 * first; the rest are not run, counted and logged (bounds.ts).
 *
 * The enabled automations are read once at start and then kept by the service's change events,
 * indexed by the event that can fire them (the doorbell, a sensor, a switch, the schedule): a
 * change and a message cost what their own automations cost, not what all of them do.
 */
export class AutomationEngine {
  private readonly byId = new Map<string, Automation>();
  private readonly byTrigger = new Map<string, Map<string, Automation>>();
  /** Each automation's place in the order they were created (`GET /automation`'s order): a bounded trigger runs the first. */
  private readonly created = new Map<string, number>();
  private readonly sensorsByTopic = new Map<string, Sensor[]>();
  private readonly readings = new Map<string, number>();
  private readonly powers = new Map<string, PowerPayload["state"]>();
  private readonly nextAt = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly recent = new Map<string, number[]>();
  private createdCount = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The instant the armed timer is for (it may wake earlier, at most {@link MAX_TIMER_MS} ahead). */
  private timerAt: number | null = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly deviceTriggers = new DeviceTriggers();
  private readonly panelTriggers = new PanelTriggers();
  private readonly notRun: DropLog;
  private readonly tooOften: DropLog;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.notRun = new DropLog(
      deps.log,
      `a trigger matched more than ${String(MAX_RUNS_PER_TRIGGER)} automations: the rest were not run`,
      this.now,
    );
    this.tooOften = new DropLog(
      deps.log,
      `automation triggered more than ${String(MAX_TRIGGERED_RUNS_PER_MINUTE)} times a minute: run skipped`,
      this.now,
    );
    for (const sensor of deps.household.sensors) {
      const topic = sensorTopic(sensor.kind, sensor.place);
      this.sensorsByTopic.set(topic, [...(this.sensorsByTopic.get(topic) ?? []), sensor]);
    }
  }

  /** Subscribes to the namespace topics, reads the automations (once) and schedules the time triggers. */
  start(): this {
    const { link, service } = this.deps;
    service.onChange((change) => this.guard(() => this.apply(change)));
    link.subscribe("sensor/+/+", (topic, payload) => this.guard(() => this.onSensor(topic, payload)));
    link.subscribe("power/+/+", (topic, payload) => this.guard(() => this.onPower(topic, payload)));
    link.subscribe(DOORBELL_RING_TOPIC, (_topic, payload) => this.guard(() => this.onDoorbell(payload)));
    link.subscribe("panel/+/state", (topic, payload) => this.guard(() => this.onPanel(topic, payload)));
    for (const source of ["zigbee2mqtt", "tasmota"] as const)
      this.deps.router?.on({ source, kinds: DEVICE_TRIGGER_KINDS[source] }, (event) =>
        this.guard(() => this.onDevice(event)),
      );
    for (const automation of service.list()) {
      this.created.set(automation.id, this.createdCount++);
      if (automation.enabled) this.index(automation);
    }
    return this;
  }

  /** Stops the timer; triggers no longer fire. */
  stop(): void {
    this.stopped = true;
    this.arm(undefined);
  }

  /** The next instant (epoch ms) automation `id`'s time trigger fires, if it has one (tests, logs). */
  scheduledAt(id: string): number | undefined {
    return this.nextAt.get(id);
  }

  /** How many triggered runs were not started because an occurrence matched more than {@link MAX_RUNS_PER_TRIGGER}. */
  get runsNotStarted(): number {
    return this.notRun.dropped;
  }

  private apply(change: AutomationChange): void {
    const id = change.type === "saved" ? change.automation.id : change.id;
    this.forget(id);
    if (change.type === "deleted") {
      this.recent.delete(id);
      this.created.delete(id);
      return;
    }
    if (!this.created.has(id)) this.created.set(id, this.createdCount++);
    if (change.automation.enabled) this.index(change.automation);
  }

  private index(automation: Automation): void {
    const key = triggerKey(automation.trigger);
    this.byId.set(automation.id, automation);
    let bucket = this.byTrigger.get(key);
    if (!bucket) this.byTrigger.set(key, (bucket = new Map()));
    bucket.set(automation.id, automation);
    if (automation.trigger.type !== "time") return;
    const at = nextOccurrence(automation.trigger, this.now());
    if (at === null) return;
    this.nextAt.set(automation.id, at);
    if (this.timerAt === null || at < this.timerAt) this.arm(at);
  }

  /** Drops automation `id` from the index. The timer stays armed: waking with nothing due, it re-arms for the next one. */
  private forget(id: string): void {
    const automation = this.byId.get(id);
    if (!automation) return;
    this.byId.delete(id);
    const key = triggerKey(automation.trigger);
    const bucket = this.byTrigger.get(key);
    bucket?.delete(id);
    if (bucket?.size === 0) this.byTrigger.delete(key);
    this.nextAt.delete(id);
  }

  private arm(at: number | undefined): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = null;
    if (this.stopped || at === undefined) return;
    this.timerAt = at;
    const wait = Math.max(0, Math.min(at - this.now(), MAX_TIMER_MS));
    this.timer = setTimeout(() => this.guard(() => this.onTimer()), wait);
    this.timer.unref?.();
  }

  private onTimer(): void {
    const now = this.now();
    const due: [Automation, RunCause][] = [];
    for (const [id, at] of this.nextAt) {
      const automation = this.byId.get(id);
      if (at > now || automation?.trigger.type !== "time") continue;
      if (now - at <= LATE_RUN_LIMIT_MS) due.push([automation, "time"]);
      else
        this.deps.log.warn(
          { automation: id, due: new Date(at).toISOString() },
          "time trigger missed by more than 5 minutes: not run",
        );
      const next = nextOccurrence(automation.trigger, Math.max(now, at));
      if (next === null) this.nextAt.delete(id);
      else this.nextAt.set(id, next);
    }
    this.fireAll(due, "time");
    this.arm(earliest(this.nextAt.values()));
  }

  /** The household file's sensors on `topic`, else the adopted ones there (asked only for a topic the file has none on). */
  private sensorsAt(topic: string): readonly Sensor[] | undefined {
    const own = this.sensorsByTopic.get(topic);
    if (own || !this.deps.adoptedSensors) return own;
    const adopted = this.deps.adoptedSensors().filter((sensor) => sensorTopic(sensor.kind, sensor.place) === topic);
    return adopted.length > 0 ? adopted : undefined;
  }

  private onSensor(topic: string, payload: Buffer): void {
    const sensors = this.sensorsAt(topic);
    if (!sensors) return;
    const reading = parsed(SensorReadingSchema, payload);
    if (!reading) return;
    const state = (value: number | undefined) => (value === undefined ? undefined : value > 0 ? "open" : "closed");
    for (const sensor of sensors) {
      const previous = this.readings.get(sensor.id);
      this.readings.set(sensor.id, reading.value);
      const fired: [Automation, RunCause][] = [];
      for (const automation of this.byTrigger.get(`sensor:${sensor.id}`)?.values() ?? []) {
        const trigger = automation.trigger;
        if (trigger.type === "threshold" && thresholdCrossed(trigger, previous, reading.value))
          fired.push([automation, "threshold"]);
        if (trigger.type === "door" && changedTo(trigger.to, state(previous), state(reading.value) ?? "closed"))
          fired.push([automation, "door"]);
      }
      this.fireAll(fired, `sensor ${sensor.id}`);
    }
  }

  private onPower(topic: string, payload: Buffer): void {
    const [, name, key] = topic.split("/");
    if (name === undefined || key === undefined) return;
    const power = parsed(PowerPayloadSchema, payload);
    if (!power) return;
    const id = `${name}/${relayKey(key)}`;
    const previous = this.powers.get(id);
    this.powers.set(id, power.state);
    const bucket = this.byTrigger.get(`switch:${name}`);
    if (!bucket) return;
    const item = this.deps.household.switches.find((candidate) => candidate.name === name);
    const relays = item ? relayCommands(item) : undefined;
    const fired: [Automation, RunCause][] = [];
    for (const automation of bucket.values()) {
      const trigger = automation.trigger;
      if (trigger.type !== "switch") continue;
      const wanted = relays?.get(trigger.relay);
      if (wanted === undefined || relayKey(wanted) !== relayKey(key)) continue;
      if (changedTo(trigger.to, previous, power.state)) fired.push([automation, "switch"]);
    }
    this.fireAll(fired, `switch ${name}`);
  }

  private onDevice(event: DeviceEvent): void {
    if (event.source === "owntracks" || event.source === "frigate") return;
    const key = `device:${deviceId(event.source, event.device)}`;
    const bucket = this.byTrigger.get(key);
    if (!bucket) return;
    const fired = this.deviceTriggers.fired(event, bucket.values());
    this.fireAll(
      fired.map((automation) => [automation, "device"] as [Automation, RunCause]),
      key,
    );
  }

  /** A panel's state (`panel/<id>/state`, panels domain): its panel triggers (panel-trigger.ts). */
  private onPanel(topic: string, payload: Buffer): void {
    const id = topic.split("/")[1] ?? "";
    if (payload.length === 0) return this.panelTriggers.forget(id);
    const state = parsed(PanelStateSchema, payload);
    if (!state) return;
    const fired = this.panelTriggers.fired(id, state, this.byTrigger.get("panel")?.values() ?? []);
    this.fireAll(
      fired.map((automation) => [automation, "panel"] as [Automation, RunCause]),
      `panel ${id}`,
    );
  }

  private onDoorbell(payload: Buffer): void {
    if (!isFreshRing(payload.toString("utf8"), this.now())) return;
    const bucket = this.byTrigger.get("doorbell");
    if (bucket)
      this.fireAll(
        [...bucket.values()].map((automation) => [automation, "doorbell"] as [Automation, RunCause]),
        "doorbell",
      );
  }

  /** Starts the runs one occurrence of `trigger` fired: at most {@link MAX_RUNS_PER_TRIGGER}, the automations created first. */
  private fireAll(fired: [Automation, RunCause][], trigger: string): void {
    if (fired.length === 0) return;
    const place = ([automation]: [Automation, RunCause]) => this.created.get(automation.id) ?? Number.MAX_SAFE_INTEGER;
    const ordered = fired.length > MAX_RUNS_PER_TRIGGER ? [...fired].sort((a, b) => place(a) - place(b)) : fired;
    let started = 0;
    let notStarted = 0;
    for (const [automation, cause] of ordered) {
      if (started >= MAX_RUNS_PER_TRIGGER) notStarted += 1;
      else if (this.fire(automation, cause)) started += 1;
    }
    this.notRun.drop(notStarted, { trigger, limit: MAX_RUNS_PER_TRIGGER });
  }

  /** Starts one run unless the automation is running or ran {@link MAX_TRIGGERED_RUNS_PER_MINUTE} times this minute; true when started. */
  private fire(automation: Automation, cause: RunCause): boolean {
    const { id } = automation;
    if (this.running.has(id)) return false;
    const now = this.now();
    const recent = (this.recent.get(id) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= MAX_TRIGGERED_RUNS_PER_MINUTE) {
      this.tooOften.drop(1, { automation: id });
      return false;
    }
    this.recent.set(id, [...recent, now]);
    this.running.add(id);
    this.deps.service
      .run(id, cause)
      .catch((error: unknown) => this.deps.log.error({ err: error, automation: id }, "automation run failed"))
      .finally(() => this.running.delete(id));
    return true;
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.deps.log.error({ err: error }, "automations failed on a message");
    }
  }
}
