import type { Adoption } from "../../../contract/adoption";
import { deviceId, type Capability, type Device } from "../../../contract/devices";
import { availabilityTopic, powerTopic, type AvailabilityPayload } from "../../../contract/topics";
import type { PowerPayload, Switch } from "../../../contract/switches";
import type { BrokerLink } from "../../broker/link";
import { ownField } from "../../bridge/guards";
import type { DeviceEvent, DeviceRouter } from "../../bridge/router";
import type { AdoptionSource } from "../adoption/source";
import { findCapability } from "../commands";
import type { DeviceRegistry } from "../registry";
import { splitDeviceId } from "./device-ref";

/**
 * A device adopted as a switch (contract/adoption.ts DeviceUse `switch`): shown in `GET /config/switches`
 * as `{name, label, purpose}` (label: the adoption's, else the device's name), its state on
 * `power/<name>/POWER`, commanded on its `state` capability (`endpoint` for one relay of several).
 */
export interface AdoptedSwitch extends Switch {
  /** The registry id of its device (`zigbee2mqtt:Kitchen plug`). */
  device: string;
  endpoint?: string | undefined;
  /** The adoption's room (its group in `switchesList` when no group names it). */
  room?: string | undefined;
}

/** The switch use of one adoption, or undefined (not a switch use, hidden, or no device the hub can read). */
export function adoptedSwitch(id: string, adoption: Adoption, registry?: DeviceRegistry): AdoptedSwitch | undefined {
  const use = adoption.use;
  if (use?.as !== "switch" || adoption.hidden) return undefined;
  const device = splitDeviceId(id);
  if (device === undefined) return undefined;
  return {
    name: use.name,
    label: (adoption.label ?? registry?.get(id)?.name ?? device.name).slice(0, 200),
    purpose: adoption.purpose ?? null,
    device: id,
    endpoint: use.endpoint,
    room: adoption.room,
  };
}

/** Every adopted switch ({@link adoptedSwitch}), in id order; of two with one name, the first id's. */
export function adoptedSwitches(adoptions: AdoptionSource, registry?: DeviceRegistry): AdoptedSwitch[] {
  const names = new Set<string>();
  return [...adoptions.all()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([id, adoption]) => {
      const item = adoptedSwitch(id, adoption, registry);
      if (item === undefined || names.has(item.name)) return [];
      names.add(item.name);
      return [item];
    });
}

/**
 * The payload property of a switch's state and its on/off values: the registry's `state`
 * capability on `endpoint` (Zigbee2MQTT `state` / `state_l2` with `value_on` / `value_off`; Tasmota
 * `POWER<n>`), else Zigbee2MQTT's documented default (`state`, or `state_<endpoint>`, `ON` / `OFF`).
 */
function stateField(device: Device | undefined, endpoint: string | undefined): Capability {
  const fallback: Capability = {
    type: "binary",
    name: "state",
    property: endpoint === undefined ? "state" : `state_${endpoint}`,
    access: 7,
    value_on: "ON",
    value_off: "OFF",
  };
  if (device === undefined) return fallback;
  try {
    return findCapability(device, { property: "state", endpoint });
  } catch {
    return fallback;
  }
}

/** Device messages that carry a relay's state: Zigbee2MQTT's state, Tasmota's STATE telemetry and RESULT. */
const STATE_KINDS: Record<DeviceEvent["source"], readonly string[]> = {
  zigbee2mqtt: ["state"],
  tasmota: ["tele/STATE", "stat/RESULT"],
  owntracks: [],
  frigate: [],
};
const AVAILABILITY_KINDS: Record<DeviceEvent["source"], string> = {
  zigbee2mqtt: "availability",
  tasmota: "tele/LWT",
  owntracks: "",
  frigate: "",
};

/**
 * Publishes the state of every adopted switch as a Tasmota switch's is published (retained, QoS 0):
 * `power/<name>/POWER` `{"state":"ON"|"OFF"}` from its device's state messages (the value of the
 * `state` capability: {@link stateField}), and `availability/<name>` `{"state":"online"|"offline"}`
 * from its device's availability (Zigbee2MQTT `…/availability`, Tasmota `tele/<t>/LWT`). Reads the
 * adoptions on each message, so an adoption applies from the device's next message. A name in
 * `reserved` (the household file's switches, which come first) is never published for an adopted
 * device. Answers a stop function (nothing more is published after it).
 */
export function followAdoptedSwitches(
  router: DeviceRouter,
  link: BrokerLink,
  adoptions: AdoptionSource,
  registry: DeviceRegistry,
  reserved: ReadonlySet<string> = new Set(),
): () => void {
  let stopped = false;
  const handle = (event: DeviceEvent) => {
    if (stopped || event.source === "owntracks" || event.source === "frigate") return;
    const id = deviceId(event.source, event.device);
    const adoption = adoptions.get(id);
    if (adoption === undefined) return;
    const item = adoptedSwitch(id, adoption, registry);
    if (item === undefined || reserved.has(item.name)) return;
    if (event.kind === AVAILABILITY_KINDS[event.source]) {
      const text = event.text.trim();
      const json = event.json;
      const raw = json ? ownField(json, "state") : text;
      const state =
        raw === "online" || raw === "Online"
          ? "online"
          : raw === "offline" || raw === "Offline"
            ? "offline"
            : undefined;
      if (state !== undefined)
        link.publish(availabilityTopic(item.name), JSON.stringify({ state } satisfies AvailabilityPayload), {
          retain: true,
          qos: 0,
        });
      return;
    }
    const json = event.json;
    if (json === undefined) return;
    const field = stateField(registry.get(id), item.endpoint);
    const raw = ownField(json, field.property ?? "state");
    const state = raw === (field.value_on ?? "ON") ? "ON" : raw === (field.value_off ?? "OFF") ? "OFF" : undefined;
    if (state === undefined) return;
    link.publish(powerTopic(item.name), JSON.stringify({ state } satisfies PowerPayload), { retain: true, qos: 0 });
  };
  for (const source of ["zigbee2mqtt", "tasmota"] as const)
    router.on({ source, kinds: [...STATE_KINDS[source], AVAILABILITY_KINDS[source]] }, handle);
  return () => {
    stopped = true;
  };
}
