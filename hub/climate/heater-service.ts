import * as v from "valibot";
import {
  HEATER_READING_MAX_AGE_MS,
  HEATER_STATE_TOPIC,
  type HeaterConfig,
  type HeaterConfigBody,
  type HeaterMode,
  type HeaterStatePayload,
} from "../../contract/climate";
import { SensorReadingSchema } from "../../contract/sensors";
import { PowerPayloadSchema, tasmotaPowerCommand } from "../../contract/switches";
import { availabilityTopic, powerTopic, sensorTopic } from "../../contract/topics";
import { deviceId } from "../../contract/devices";
import type { BrokerLink, HubLogger } from "../broker/link";
import { HubError } from "../core/errors";
import type { DeviceCommands } from "../devices/commands";
import type { HeaterDevice, Household, Sensor } from "../household/schema";
import type { HeaterStore } from "./heater-store";
import { thermostatDecision } from "./thermostat";

/** How often the thermostat looks again without news (ms): a reading may have gone stale. */
export const HEATER_TICK_MS = 30_000;
/** The same relay command is not sent again within this time (ms) while the relay has not confirmed it. */
export const HEATER_RESEND_MS = 10_000;

/** Options of {@link HeaterService} (tests shorten the clock). */
export interface HeaterServiceOptions {
  now?: () => number;
  tickMs?: number;
}

/**
 * The heater (spec §3 "Heater config", live state "heater state", §7 heater/config): a
 * hub-side thermostat. Keeps the config (HeaterStore, defaults from the household file), follows
 * its relay's state (`power/<device>/POWER<n>` from the bridge) and the controlling sensor's
 * temperature (`sensor/temp/<place>`), and switches the relay with Tasmota `cmnd/<t>/POWER<n>`
 * through the relay's capability (devices/commands.ts: the `state` whose property is `POWER<n>`;
 * the household's switch relays are in the registry from the start) as {@link thermostatDecision}
 * says (never queued: a command
 * the broker cannot take is logged and tried again at the next tick). Publishes the retained
 * `heater/state` (QoS 0, as the bridge) on every change once the relay's device has been heard
 * (its power state or `availability/<device>`) or the config changed. Without a heater in the
 * household every call is NOT_FOUND.
 */
export class HeaterService {
  private readonly heater: HeaterDevice | undefined;
  private readonly device: string = "";
  private readonly relayKey: string = "POWER";
  private readonly sensors: ReadonlyMap<string, Sensor>;
  private config: HeaterConfig | null = null;
  private relay: "ON" | "OFF" | null = null;
  private since: string | null = null;
  private readonly readings = new Map<string, { value: number; at: number }>();
  private lastSent: { state: "ON" | "OFF"; at: number } | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** False until the relay's device spoke (state or availability) or the config changed: no `heater/state` before. */
  private announced = false;
  private readonly now: () => number;

  /** @throws Error when the household's heater names a switch or sensor it does not have. */
  constructor(
    private readonly link: BrokerLink,
    private readonly devices: DeviceCommands,
    household: Household,
    private readonly store: HeaterStore,
    private readonly log: HubLogger,
    private readonly options: HeaterServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.heater = household.heater;
    this.sensors = new Map(
      household.sensors.filter((sensor) => sensor.kind === "temp").map((sensor) => [sensor.id, sensor]),
    );
    if (!this.heater) return;
    const heater = this.heater;
    const item = household.switches.find((entry) => entry.name === heater.switch);
    if (!item) throw new Error(`household heater.switch: no switch named ${JSON.stringify(heater.switch)}`);
    if (!this.sensors.has(heater.sensor))
      throw new Error(`household heater.sensor: no temperature sensor ${JSON.stringify(heater.sensor)}`);
    this.device = item.device;
    this.relayKey = tasmotaPowerCommand(item.relay ?? 0);
    const stored = store.get();
    this.config =
      stored && this.sensors.has(stored.sensor)
        ? stored
        : { mode: heater.mode, temperature: heater.temperature, sensor: heater.sensor };
  }

  /** Subscribes to the relay and the sensors, publishes the state, starts the periodic check. Returns this. */
  start(): this {
    if (!this.heater) return this;
    this.link.subscribe(powerTopic(this.device, this.relayKey), (_topic, payload) => {
      const parsed = parseJson(PowerPayloadSchema, payload);
      if (!parsed) return;
      if (parsed.state !== this.relay || !this.announced) {
        if (parsed.state !== this.relay) this.since = new Date(this.now()).toISOString();
        this.relay = parsed.state;
        this.announced = true;
        this.update();
      }
    });
    this.link.subscribe(availabilityTopic(this.device), () => {
      if (this.announced) return;
      this.announced = true;
      this.update();
    });
    const byTopic = new Map<string, string[]>();
    for (const sensor of this.sensors.values()) {
      const topic = sensorTopic(sensor.kind, sensor.place);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), sensor.id]);
    }
    for (const [topic, ids] of byTopic) {
      this.link.subscribe(topic, (_topic, payload) => {
        const reading = parseJson(SensorReadingSchema, payload);
        if (!reading) return;
        for (const id of ids) this.readings.set(id, { value: reading.value, at: this.now() });
        if (ids.includes(this.config?.sensor ?? "")) this.update();
      });
    }
    this.update();
    this.timer = setInterval(() => this.update(), this.options.tickMs ?? HEATER_TICK_MS);
    this.timer.unref();
    return this;
  }

  /** Stops the periodic check. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The heater's config. @throws HubError NOT_FOUND without a heater. */
  getConfig(): HeaterConfig {
    if (!this.config) throw new HubError("NOT_FOUND", "no heater in this household");
    return { ...this.config };
  }

  /** Sets the mode (spec §7 `POST heater/config/{mode}`), stores it and acts on it. @throws HubError NOT_FOUND. */
  setMode(mode: HeaterMode): HeaterConfig {
    return this.change({ ...this.getConfig(), mode });
  }

  /**
   * Sets the target temperature and/or the controlling sensor (spec §7 `PATCH heater/config`).
   * @throws HubError NOT_FOUND without a heater; BAD_REQUEST naming `sensor` for an id that is not
   *   one of the household's temperature sensors (nothing changes).
   */
  setConfig(body: HeaterConfigBody): HeaterConfig {
    const current = this.getConfig();
    if (body.sensor !== undefined && !this.sensors.has(body.sensor))
      throw new HubError("BAD_REQUEST", "sensor: not a temperature sensor of this household");
    return this.change({
      ...current,
      ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
      ...(body.sensor !== undefined ? { sensor: body.sensor } : {}),
    });
  }

  /** The controlling sensor's temperature, or null when there is none within HEATER_READING_MAX_AGE_MS. */
  private current(): number | null {
    const reading = this.config ? this.readings.get(this.config.sensor) : undefined;
    return reading && this.now() - reading.at <= HEATER_READING_MAX_AGE_MS ? reading.value : null;
  }

  private change(next: HeaterConfig): HeaterConfig {
    this.store.save(next);
    this.config = next;
    this.announced = true;
    this.lastSent = null; // a new config decides afresh
    this.update();
    return { ...next };
  }

  /** Publishes the state and sends the relay the thermostat's decision when it differs. */
  private update(): void {
    const config = this.config;
    const heater = this.heater;
    if (!config || !heater) return;
    const current = this.current();
    const state: HeaterStatePayload = {
      label: heater.label,
      room: heater.room,
      device: this.device,
      mode: config.mode,
      temperature: config.temperature,
      sensor: config.sensor,
      sensorLabel: this.sensors.get(config.sensor)?.label ?? null,
      current,
      relay: this.relay,
      since: this.since,
      time: new Date(this.now()).toISOString(),
    };
    if (this.announced) this.link.publish(HEATER_STATE_TOPIC, JSON.stringify(state), { retain: true, qos: 0 });
    const wanted = thermostatDecision({ mode: config.mode, target: config.temperature, current, relay: this.relay });
    if (wanted === null || wanted === this.relay) return;
    if (this.lastSent && this.lastSent.state === wanted && this.now() - this.lastSent.at < HEATER_RESEND_MS) return;
    this.lastSent = { state: wanted, at: this.now() };
    this.devices.set(deviceId("tasmota", this.device), { property: this.relayKey }, wanted).catch((error: unknown) => {
      this.log.warn(
        { err: error, device: this.device },
        "heater relay command not sent; tried again at the next check",
      );
    });
  }
}

/** A payload parsed as JSON and checked with `schema`; undefined for anything else. */
function parseJson<TSchema extends v.GenericSchema>(
  schema: TSchema,
  payload: Buffer,
): v.InferOutput<TSchema> | undefined {
  try {
    const parsed = v.safeParse(schema, JSON.parse(payload.toString("utf8")));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
