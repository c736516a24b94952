import type { LightConfig, LightFeatures, LightSetBody, LightState } from "../../contract/lights";
import { deviceId } from "../../contract/devices";
import {
  lightFeaturesTopic,
  lightStateTopic,
  TASMOTA_STAT,
  TASMOTA_TELE,
  ZIGBEE2MQTT_BASE,
} from "../../contract/topics";
import { isSafeDeviceName, type JsonObject } from "../bridge/guards";
import { DeviceRouter, type DeviceEvent } from "../bridge/router";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceCommands } from "../devices/commands";
import { MAX_OFFERED_DEVICES } from "../household/devices";
import { lightsOfBridgeDevices } from "./exposes";
import type { LightModel } from "./model";
import { tasmotaLightFeatures, tasmotaLightState, tasmotaSteps } from "./tasmota-light";
import { validateLightSet, type LightDirectory } from "./validate";
import { zigbee2mqttLightState, zigbee2mqttSteps } from "./zigbee2mqtt-light";

/** How many Zigbee2MQTT devices' last state the service keeps for lights not announced yet. */
const MAX_REMEMBERED = 1000;

/** Device topic of Zigbee2MQTT's retained device list. */
export const BRIDGE_DEVICES_TOPIC = `${ZIGBEE2MQTT_BASE}/bridge/devices`;

/** The raw topics the service reads when started on its own (not on the hub's device router). */
const OWN_FILTERS = {
  zigbee2mqtt: [BRIDGE_DEVICES_TOPIC, `${ZIGBEE2MQTT_BASE}/+`],
  tasmota: [`${TASMOTA_TELE}/+/STATE`, `${TASMOTA_STAT}/+/RESULT`],
};

/**
 * The lights of at most `max` devices: every light `named` says the household file names, then the
 * others in the order given, device by device, until `max` devices are kept. `leftOut` counts the
 * devices dropped. Bounds what the hub publishes retained (`features/light/<id>`, `light/<id>`) for a
 * Zigbee2MQTT network it did not configure (docs/contract.md "Live channel" limits).
 */
export function firstDevices(
  models: readonly LightModel[],
  named: (model: LightModel) => boolean,
  max: number,
): { kept: LightModel[]; leftOut: number } {
  const devices = new Set(models.filter(named).map((model) => model.features.device));
  const dropped = new Set<string>();
  for (const model of models) {
    const device = model.features.device;
    if (devices.has(device)) continue;
    if (devices.size < max) devices.add(device);
    else dropped.add(device);
  }
  return { kept: models.filter((model) => devices.has(model.features.device)), leftOut: dropped.size };
}

/** Fields of `next` that are not null override `previous` (a Tasmota `{"POWER":"OFF"}` keeps the last brightness). */
function mergeState(previous: LightState | undefined, next: LightState): LightState {
  if (!previous) return next;
  return {
    state: next.state ?? previous.state,
    brightness: next.brightness ?? previous.brightness,
    color: next.color ?? previous.color,
    color_mode: next.color_mode ?? previous.color_mode,
    color_temp: next.color_temp ?? previous.color_temp,
  };
}

/**
 * The lights domain (spec §3, §7): finds lights (Zigbee2MQTT `bridge/devices`
 * exposes, the household's Tasmota lights from their STATE / RESULT), publishes their features
 * retained on `features/light/<id>` and their live state on `light/<id>`, and sends checked
 * commands through the device's capabilities (devices/commands.ts DeviceCommands.setMany: one
 * `zigbee2mqtt/<name>/set` with every field; Tasmota `cmnd/<t>/Power|Dimmer|CT|Color` in that order),
 * QoS 1, never retained, never queued; an offline device refuses with DEVICE_UNREACHABLE.
 */
export class LightsService implements LightDirectory {
  private readonly zigbee = new Map<string, LightModel>();
  private readonly tasmota = new Map<string, LightModel>();
  private readonly states = new Map<string, LightState>();
  /** The last state payload of each Zigbee2MQTT device (at most {@link MAX_REMEMBERED} devices), applied when bridge/devices names its lights later. */
  private readonly zigbeePayloads = new Map<string, Record<string, unknown>>();
  private readonly configById: ReadonlyMap<string, LightConfig>;
  private readonly tasmotaByTopic = new Map<string, LightConfig[]>();
  private zigbeeDevicesListener: ((devices: readonly string[]) => void) | undefined;
  /** How many light devices the last bridge/devices had beyond the cap (logged when it changes). */
  private leftOutDevices = 0;

  /** `link` carries what the service publishes (features, state); `devices` the device commands. */
  constructor(
    private readonly link: BrokerLink,
    config: readonly LightConfig[],
    private readonly log: HubLogger,
    private readonly devices: DeviceCommands,
  ) {
    this.configById = new Map(config.map((entry) => [entry.name, entry]));
    for (const entry of config) {
      if (entry.tasmota === undefined) continue;
      const list = this.tasmotaByTopic.get(entry.tasmota) ?? [];
      list.push(entry);
      this.tasmotaByTopic.set(entry.tasmota, list);
    }
  }

  /**
   * Follows, through `router` (the hub's device router; absent = one of its own on the link),
   * `zigbee2mqtt/bridge/devices`, every Zigbee2MQTT device's state and the Tasmota lights'
   * `tele/<t>/STATE` and `stat/<t>/RESULT`.
   */
  start(router: DeviceRouter = new DeviceRouter(this.link, this.log, OWN_FILTERS)): this {
    router.on({ source: "zigbee2mqtt", kinds: ["bridge/devices"] }, (event) =>
      this.guard(() => this.onBridgeDevices(event)),
    );
    router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => this.guard(() => this.onZigbeeState(event)));
    if (this.tasmotaByTopic.size > 0)
      router.on({ source: "tasmota", kinds: ["tele/STATE", "stat/RESULT"] }, (event) =>
        this.guard(() => this.onTasmota(event)),
      );
    return this;
  }

  /**
   * Calls `listener` with the Zigbee2MQTT devices of the lights found, each time
   * `zigbee2mqtt/bridge/devices` changes them (the hub offers their availability: household/devices.ts).
   */
  onZigbeeDevices(listener: (devices: readonly string[]) => void): this {
    this.zigbeeDevicesListener = listener;
    return this;
  }

  /** A light by id (LightDirectory). */
  light(id: string): LightModel | undefined {
    return this.zigbee.get(id) ?? this.tasmota.get(id);
  }

  /** A multi-endpoint device's endpoint lights, ordered by endpoint (LightDirectory). */
  endpointsOf(device: string): readonly LightModel[] {
    return [...this.zigbee.values()]
      .filter((model) => model.features.device === device && model.features.endpoint !== null)
      .sort((a, b) => (a.features.endpoint ?? 0) - (b.features.endpoint ?? 0));
  }

  /** Every light's features, for tests and logs. */
  features(): LightFeatures[] {
    return [...this.zigbee.values(), ...this.tasmota.values()].map((model) => model.features);
  }

  /**
   * `POST /light/{id}/set`: checks `body` (validate.ts) and sends it through the light device's
   * capabilities (one device command: every endpoint's fields of a Zigbee2MQTT device in one `/set`).
   * @returns how many device messages went out
   * @throws HubError NOT_FOUND / BAD_REQUEST (validate.ts; devices/commands.ts when the device's
   *   capabilities refuse a value); DEVICE_UNREACHABLE when the device is offline or the broker link
   *   is down (the command is dropped, never queued: DESIGN.md §5)
   */
  async set(id: string, body: LightSetBody | Record<string, unknown>): Promise<number> {
    const targets = validateLightSet(this, id, body);
    const first = targets[0];
    if (!first) return 0;
    const target = first.model.target;
    const steps =
      target.kind === "zigbee2mqtt"
        ? targets.flatMap(({ model, command }) =>
            model.target.kind === "zigbee2mqtt" ? zigbee2mqttSteps(model.target.properties, command) : [],
          )
        : tasmotaSteps(first.command);
    return (await this.devices.setMany(deviceId(target.kind, target.device), steps)).length;
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.log.error({ err: error }, "lights failed on a device message");
    }
  }

  /** Label and room from the household file. */
  private named(features: LightFeatures): LightFeatures {
    const entry = this.configById.get(features.id);
    return entry
      ? { ...features, label: entry.label, ...(entry.room !== undefined ? { room: entry.room } : {}) }
      : features;
  }

  private publishFeatures(features: LightFeatures): void {
    this.link.publish(lightFeaturesTopic(features.id), JSON.stringify(features), { retain: true, qos: 0 });
  }

  private publishState(id: string, next: LightState): void {
    const merged = mergeState(this.states.get(id), next);
    this.states.set(id, merged);
    this.link.publish(lightStateTopic(id), JSON.stringify(merged), { retain: true, qos: 0 });
  }

  private onBridgeDevices(event: DeviceEvent): void {
    const parsed = event.value;
    if (parsed === undefined) {
      this.log.warn({}, "zigbee2mqtt/bridge/devices is not JSON");
      return;
    }
    const all = lightsOfBridgeDevices(parsed).filter(
      (model) => isSafeDeviceName(model.features.id) && !this.tasmota.has(model.features.id),
    );
    const { kept: found, leftOut } = firstDevices(
      all,
      (model) => this.configById.has(model.features.id),
      MAX_OFFERED_DEVICES,
    );
    if (leftOut > 0 && leftOut !== this.leftOutDevices)
      this.log.warn(
        { leftOut, max: MAX_OFFERED_DEVICES },
        "zigbee2mqtt/bridge/devices names more light devices than the hub follows: the rest are not published",
      );
    this.leftOutDevices = leftOut;
    const ids = new Set(found.map((model) => model.features.id));
    this.zigbeeDevicesListener?.([...new Set(found.map((model) => model.features.device))]);
    for (const id of this.zigbee.keys()) {
      if (ids.has(id)) continue;
      this.zigbee.delete(id);
      this.link.publish(lightFeaturesTopic(id), "", { retain: true, qos: 0 }); // clears the retained features
    }
    for (const model of found) {
      const features = this.named(model.features);
      const before = this.zigbee.get(features.id);
      this.zigbee.set(features.id, { ...model, features });
      if (!before || JSON.stringify(before.features) !== JSON.stringify(features)) this.publishFeatures(features);
      // A state that came before the device list (Aedes sends a retained publish a tick later) still counts.
      const remembered = this.zigbeePayloads.get(features.device);
      if (!before && remembered) this.applyZigbeeState(features.device, remembered);
    }
  }

  private onZigbeeState(event: DeviceEvent): void {
    const { device, json } = event;
    if (!json) return;
    if (this.zigbeePayloads.has(device) || this.zigbeePayloads.size < MAX_REMEMBERED)
      this.zigbeePayloads.set(device, json);
    this.applyZigbeeState(device, json);
  }

  private applyZigbeeState(device: string, json: JsonObject): void {
    for (const model of this.zigbee.values()) {
      if (model.features.device !== device) continue;
      if (model.target.kind !== "zigbee2mqtt") continue;
      const state = zigbee2mqttLightState(model.target.properties, json);
      if (state) this.publishState(model.features.id, state);
    }
  }

  private onTasmota(event: DeviceEvent): void {
    const topic = event.device;
    const entries = this.tasmotaByTopic.get(topic);
    if (!entries) return;
    const json = event.json;
    if (!json) return;
    for (const entry of entries) {
      const features = tasmotaLightFeatures(json, {
        id: entry.name,
        device: topic,
        label: entry.label,
        ...(entry.room !== undefined ? { room: entry.room } : {}),
      });
      const before = this.tasmota.get(entry.name);
      if (features && (!before || JSON.stringify(before.features) !== JSON.stringify(features))) {
        this.tasmota.set(entry.name, { features, target: { kind: "tasmota", device: topic } });
        this.publishFeatures(features);
      }
      const state = tasmotaLightState(json);
      if (state && this.tasmota.has(entry.name)) this.publishState(entry.name, state);
    }
  }
}
