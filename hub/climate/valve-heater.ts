import {
  HEATER_STATE_TOPIC,
  type HeaterConfig,
  type HeaterConfigBody,
  type HeaterMode,
  type HeaterStatePayload,
} from "../../contract/climate";
import type { BrokerLink } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import { HubError } from "../core/errors";
import type { AdoptionSource } from "../devices/adoption/source";
import type { DeviceCommands } from "../devices/commands";
import type { DeviceRegistry } from "../devices/registry";
import type { DeviceStates } from "../devices/state";
import { followAvailability, type AvailabilityFollower } from "../devices/uses/availability";
import { splitDeviceId } from "../devices/uses/device-ref";
import type { HeaterStore } from "./heater-store";
import { heaterTemperature, valveFields, valveMode, valveReport, valveSteps, type ValveReport } from "./valve";

/** A Zigbee2MQTT climate adopted as the heater (an adoption whose use is `heater`). */
export interface AdoptedValve {
  /** Its registry id (`zigbee2mqtt:Living room valve`), also the heater's `sensor`. */
  id: string;
  /** Its Zigbee2MQTT friendly name: the heater's `device` (`availability/<name>`). */
  name: string;
  endpoint?: string | undefined;
  label: string;
  room: string;
}

/** The room a valve adopted without one is shown in. */
const DEFAULT_ROOM = "Dom";
/** The target a valve heater starts from when neither the store nor the valve gives one (°C). */
const DEFAULT_TARGET = 21;

/**
 * The Zigbee2MQTT device adopted as the heater: the first by id of the adoptions whose use is
 * `heater`, not hidden, with an id of at most 128 characters (the heater's `sensor`); undefined when none is.
 */
export function adoptedValve(adoptions: AdoptionSource, registry?: DeviceRegistry): AdoptedValve | undefined {
  const ids = [...adoptions.all()]
    .filter(([id, adoption]) => adoption.use?.as === "heater" && !adoption.hidden && id.length <= 128)
    .map(([id]) => id)
    .sort();
  for (const id of ids) {
    const adoption = adoptions.get(id);
    const device = splitDeviceId(id);
    if (adoption?.use?.as !== "heater" || device?.source !== "zigbee2mqtt") continue;
    return {
      id,
      name: device.name,
      endpoint: adoption.use.endpoint,
      label: (adoption.label ?? registry?.get(id)?.name ?? device.name).slice(0, 200),
      room: adoption.room ?? DEFAULT_ROOM,
    };
  }
  return undefined;
}

/** What {@link ValveHeater} reads: the devices domain's parts and the hub's links. */
export interface ValveHeaterDeps {
  router: DeviceRouter;
  /** The hub's own link the live state is published on. */
  link: BrokerLink;
  registry: DeviceRegistry;
  states: Pick<DeviceStates, "get">;
  commands: Pick<DeviceCommands, "setMany">;
  adoptions: AdoptionSource;
  store: HeaterStore;
  now?: () => number;
}

/**
 * The heater when it is a thermostatic radiator valve adopted as it (docs/contract.md "Devices",
 * adopted devices): the spec's heater routes set the valve and its own state is the heater's live
 * state. Mode `off` / `on` / `auto` and the target become the valve's set point and `system_mode`
 * (valve.ts valveSteps) sent through DeviceCommands (Zigbee2MQTT `zigbee2mqtt/<name>/set
 * {"occupied_heating_setpoint":22}`; 409 DEVICE_UNREACHABLE while it is offline, nothing changes).
 * The hub keeps the mode and target it set (HeaterStore, shared with the household's heater: the
 * target `auto` returns to). `heater/state` (retained, QoS 0) is published from the valve's reports:
 * `current` its `local_temperature`, `mode` and `temperature` as its set point and system mode show
 * them (valve.ts valveMode; the target while off or on), `relay` ON while it heats (`running_state`,
 * else `pi_heating_demand` > 0), `sensor` its device id, `device` its friendly name, whose
 * `availability/<name>` is published from the registry. Follows the adoptions: adopted, changed or
 * unadopted applies at once (unadopted: `heater/state` emptied).
 */
export class ValveHeater {
  private valve: AdoptedValve | undefined;
  private config: HeaterConfig | null = null;
  private heating: boolean | null = null;
  private since: string | null = null;
  /** True while `heater/state` holds this heater's state (emptied when the valve is unadopted). */
  private published = false;
  private stopped = false;
  private readonly now: () => number;
  private readonly availability: AvailabilityFollower;
  private readonly stopAdoptions: () => void;

  constructor(private readonly deps: ValveHeaterDeps) {
    this.now = deps.now ?? Date.now;
    this.availability = followAvailability(deps.registry, deps.link, (id) =>
      id === this.valve?.id ? this.valve.name : undefined,
    );
    deps.router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
      const valve = this.valve;
      if (this.stopped || valve === undefined || event.device !== valve.name || event.json === undefined) return;
      this.publish({ ...this.values(valve), ...event.json });
    });
    this.stopAdoptions = deps.adoptions.onChange(() => this.bind());
    this.bind();
  }

  /** True while a valve is adopted as the heater. */
  present(): boolean {
    return this.valve !== undefined;
  }

  /** The mode, target and sensor (the valve's id) the hub keeps. @throws HubError NOT_FOUND without a valve. */
  getConfig(): HeaterConfig {
    if (this.valve === undefined || this.config === null)
      throw new HubError("NOT_FOUND", "no heater in this household");
    return { ...this.config };
  }

  /**
   * Sets the mode on the valve (spec §7 `POST heater/config/{mode}`) and keeps it; the valve's next
   * report confirms it on `heater/state`. @throws HubError NOT_FOUND; as DeviceCommands.setMany.
   */
  async setMode(mode: HeaterMode): Promise<HeaterConfig> {
    const config = this.getConfig();
    return this.apply({ ...config, mode }, true);
  }

  /**
   * Sets the target (spec §7 `PATCH heater/config`): sent as the valve's set point in `auto`, kept
   * for `auto` in `off` and `on`. @throws HubError NOT_FOUND; BAD_REQUEST naming `sensor` for any sensor
   * but the valve's own (a valve reads its own temperature); as DeviceCommands.setMany.
   */
  async setConfig(body: HeaterConfigBody): Promise<HeaterConfig> {
    const config = this.getConfig();
    if (body.sensor !== undefined && body.sensor !== config.sensor)
      throw new HubError("BAD_REQUEST", "sensor: a valve heater reads its own temperature");
    const next = { ...config, ...(body.temperature !== undefined ? { temperature: body.temperature } : {}) };
    return this.apply(next, config.mode === "auto" && next.temperature !== config.temperature);
  }

  /** Stops following the valve and the adoptions. */
  stop(): void {
    this.stopped = true;
    this.stopAdoptions();
    this.availability.stop();
  }

  /** Sends `next` to the valve when `send`, then keeps it and publishes the state. */
  private async apply(next: HeaterConfig, send: boolean): Promise<HeaterConfig> {
    const valve = this.valve;
    if (valve === undefined) throw new HubError("NOT_FOUND", "no heater in this household");
    const values = this.values(valve);
    if (send) {
      const fields = valveFields(this.deps.registry.get(valve.id), valve.endpoint);
      const report = valveReport(fields, values);
      await this.deps.commands.setMany(valve.id, valveSteps(fields, next.mode, next.temperature, report));
    }
    this.deps.store.save(next);
    this.config = next;
    this.publish(values);
    return { ...next };
  }

  /** Follows the adoption of the heater: a new valve's config and state, or none. */
  private bind(): void {
    if (this.stopped) return;
    const valve = adoptedValve(this.deps.adoptions, this.deps.registry);
    const previous = this.valve;
    this.valve = valve;
    if (valve === undefined) {
      this.config = null;
      if (this.published) this.deps.link.publish(HEATER_STATE_TOPIC, "", { retain: true, qos: 0 });
      this.published = false;
      return;
    }
    if (previous?.id !== valve.id) {
      this.heating = null;
      this.since = null;
      this.config = this.initialConfig(valve);
    }
    this.availability.refresh();
    if (this.deps.states.get(valve.id) !== undefined || this.published) this.publish(this.values(valve));
  }

  /** The stored mode and target (sensor: the valve), else the mode and target the valve's state shows. */
  private initialConfig(valve: AdoptedValve): HeaterConfig {
    const stored = this.deps.store.get();
    if (stored) return { ...stored, sensor: valve.id };
    const fields = valveFields(this.deps.registry.get(valve.id), valve.endpoint);
    const report = valveReport(fields, this.values(valve));
    const target = report.setpoint === undefined ? DEFAULT_TARGET : heaterTemperature(report.setpoint);
    const mode = valveMode(fields, "auto", target, report);
    return { mode, temperature: mode === "auto" ? target : DEFAULT_TARGET, sensor: valve.id };
  }

  /** The valve's last known values (the devices domain's `device/<id>/state`). */
  private values(valve: AdoptedValve): Record<string, unknown> {
    return { ...this.deps.states.get(valve.id)?.values };
  }

  /** Publishes `heater/state` from the valve's `values` and the kept config. */
  private publish(values: Readonly<Record<string, unknown>>): void {
    const valve = this.valve;
    const config = this.config;
    if (valve === undefined || config === null) return;
    const fields = valveFields(this.deps.registry.get(valve.id), valve.endpoint);
    const report: ValveReport = valveReport(fields, values);
    const mode = valveMode(fields, config.mode, config.temperature, report);
    if (report.heating !== undefined && report.heating !== this.heating) {
      this.since = new Date(this.now()).toISOString();
      this.heating = report.heating;
    }
    const state: HeaterStatePayload = {
      label: valve.label,
      room: valve.room,
      device: valve.name,
      mode,
      temperature:
        mode === "auto" && report.setpoint !== undefined ? heaterTemperature(report.setpoint) : config.temperature,
      sensor: valve.id,
      sensorLabel: valve.label,
      current: report.current ?? null,
      relay: this.heating === null ? null : this.heating ? "ON" : "OFF",
      since: this.since,
      time: new Date(this.now()).toISOString(),
    };
    this.deps.link.publish(HEATER_STATE_TOPIC, JSON.stringify(state), { retain: true, qos: 0 });
    this.published = true;
  }
}
