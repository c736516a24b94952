import { DOORBELL_RING_TOPIC } from "../../src/shared/contract/cameras";
import * as v from "valibot";
import type { Automation } from "../../src/shared/contract/automations";
import { SensorReadingSchema } from "../../src/shared/contract/sensors";
import { PowerPayloadSchema, type PowerPayload } from "../../src/shared/contract/switches";
import { sensorTopic } from "../../src/shared/contract/topics";
import { MAX_PAYLOAD_BYTES } from "../bridge/guards";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Household, Sensor } from "../household/schema";
import { relayCommands } from "../switches/relays";
import { nextOccurrence } from "./schedule";
import type { AutomationService, RunCause } from "./service";
import { changedTo, isFreshRing, LATE_RUN_LIMIT_MS, MAX_TRIGGERED_RUNS_PER_MINUTE, relayKey, thresholdCrossed } from "./triggers";

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
  now?: () => number;
}

/**
 * Runs automations when their trigger fires (issue 11). It listens to the hub's own namespace, what
 * the bridge made of the devices' payloads: `sensor/<kind>/<place>` (threshold and door triggers),
 * `power/<switch>/POWER<n>` (switch triggers), `doorbell/ring`; and keeps one timer for the next time
 * trigger (Europe/Warsaw, schedule.ts). Edges only: a threshold or a state fires when it changes,
 * never for the first value it sees (a retained one at start). Each automation runs once at a time,
 * at most {@link MAX_TRIGGERED_RUNS_PER_MINUTE} triggered runs a minute; disabled ones never fire.
 */
export class AutomationEngine {
  private automations: Automation[] = [];
  private readonly sensorsByTopic = new Map<string, Sensor[]>();
  private readonly readings = new Map<string, number>();
  private readonly powers = new Map<string, PowerPayload["state"]>();
  private readonly nextAt = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly recent = new Map<string, number[]>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? (() => Date.now());
    for (const sensor of deps.household.sensors) {
      const topic = sensorTopic(sensor.kind, sensor.place);
      this.sensorsByTopic.set(topic, [...(this.sensorsByTopic.get(topic) ?? []), sensor]);
    }
  }

  /** Subscribes to the namespace topics and schedules the time triggers. */
  start(): this {
    const { link, service } = this.deps;
    service.onChange(() => this.reload());
    link.subscribe("sensor/+/+", (topic, payload) => this.guard(() => this.onSensor(topic, payload)));
    link.subscribe("power/+/+", (topic, payload) => this.guard(() => this.onPower(topic, payload)));
    link.subscribe(DOORBELL_RING_TOPIC, (_topic, payload) => this.guard(() => this.onDoorbell(payload)));
    this.reload();
    return this;
  }

  /** Stops the timer; triggers no longer fire. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The next instant (epoch ms) automation `id`'s time trigger fires, if it has one (tests, logs). */
  scheduledAt(id: string): number | undefined {
    return this.nextAt.get(id);
  }

  private reload(): void {
    this.automations = this.deps.service.list().filter((automation) => automation.enabled);
    this.nextAt.clear();
    const now = this.now();
    for (const automation of this.automations) {
      if (automation.trigger.type !== "time") continue;
      const at = nextOccurrence(automation.trigger, now);
      if (at !== null) this.nextAt.set(automation.id, at);
    }
    this.arm();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.nextAt.size === 0) return;
    const wait = Math.max(0, Math.min(Math.min(...this.nextAt.values()) - this.now(), MAX_TIMER_MS));
    this.timer = setTimeout(() => this.guard(() => this.onTimer()), wait);
    this.timer.unref?.();
  }

  private onTimer(): void {
    const now = this.now();
    for (const automation of this.automations) {
      const at = this.nextAt.get(automation.id);
      if (at === undefined || at > now || automation.trigger.type !== "time") continue;
      if (now - at <= LATE_RUN_LIMIT_MS) this.fire(automation, "time");
      else this.deps.log.warn({ automation: automation.id, due: new Date(at).toISOString() }, "time trigger missed by more than 5 minutes: not run");
      const next = nextOccurrence(automation.trigger, Math.max(now, at));
      if (next === null) this.nextAt.delete(automation.id);
      else this.nextAt.set(automation.id, next);
    }
    this.arm();
  }

  private onSensor(topic: string, payload: Buffer): void {
    const sensors = this.sensorsByTopic.get(topic);
    if (!sensors) return;
    const reading = parsed(SensorReadingSchema, payload);
    if (!reading) return;
    for (const sensor of sensors) {
      const previous = this.readings.get(sensor.id);
      this.readings.set(sensor.id, reading.value);
      for (const automation of this.automations) {
        const trigger = automation.trigger;
        if (trigger.type === "threshold" && trigger.sensor === sensor.id && thresholdCrossed(trigger, previous, reading.value)) this.fire(automation, "threshold");
        if (trigger.type === "door" && trigger.sensor === sensor.id) {
          const state = (value: number | undefined) => (value === undefined ? undefined : value > 0 ? "open" : "closed");
          if (changedTo(trigger.to, state(previous), state(reading.value) ?? "closed")) this.fire(automation, "door");
        }
      }
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
    for (const automation of this.automations) {
      const trigger = automation.trigger;
      if (trigger.type !== "switch" || trigger.switch !== name) continue;
      const item = this.deps.household.switches.find((candidate) => candidate.name === name);
      const wanted = item ? relayCommands(item).get(trigger.relay) : undefined;
      if (wanted === undefined || relayKey(wanted) !== relayKey(key)) continue;
      if (changedTo(trigger.to, previous, power.state)) this.fire(automation, "switch");
    }
  }

  private onDoorbell(payload: Buffer): void {
    if (!isFreshRing(payload.toString("utf8"), this.now())) return;
    for (const automation of this.automations) if (automation.trigger.type === "doorbell") this.fire(automation, "doorbell");
  }

  private fire(automation: Automation, cause: RunCause): void {
    const { id } = automation;
    if (this.running.has(id)) return;
    const now = this.now();
    const recent = (this.recent.get(id) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= MAX_TRIGGERED_RUNS_PER_MINUTE) {
      this.deps.log.warn({ automation: id }, "automation triggered too often: run skipped");
      return;
    }
    this.recent.set(id, [...recent, now]);
    this.running.add(id);
    this.deps.service
      .run(id, cause)
      .catch((error: unknown) => this.deps.log.error({ err: error, automation: id }, "automation run failed"))
      .finally(() => this.running.delete(id));
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.deps.log.error({ err: error }, "automations failed on a message");
    }
  }
}
