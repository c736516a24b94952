import { deviceId } from "../../contract/devices";
import {
  doorStateOf,
  garageStateTopic,
  type DoorStatePayload,
  type GarageCommand,
  type GarageDoor,
} from "../../contract/garage";
import type { BrokerLink } from "../broker/link";
import { ownField } from "../bridge/guards";
import type { DeviceRouter } from "../bridge/router";
import { HubError } from "../core/errors";
import type { DeviceStep } from "../devices/commands";
import type { AdoptionSource } from "../devices/adoption/source";
import type { DeviceRegistry } from "../devices/registry";
import { splitDeviceId } from "../devices/uses/device-ref";

/** A cover adopted as the garage door or the gate: its device id and the endpoint of its cover. */
export interface AdoptedDoor {
  door: GarageDoor;
  /** The registry id of its device (`zigbee2mqtt:Garage door`). */
  device: string;
  endpoint?: string | undefined;
  label: string;
  room: string;
}

/** The room a door adopted without one is shown in (the household file's doors name theirs). */
const DEFAULT_ROOM = "Garaż";

/**
 * The device adopted as `door` (an adoption whose use is `garage` or `gate`, not hidden), the first by
 * id when several are; undefined when none is.
 */
export function adoptedDoor(
  door: GarageDoor,
  adoptions: AdoptionSource,
  registry?: DeviceRegistry,
): AdoptedDoor | undefined {
  const ids = [...adoptions.all()]
    .filter(([, adoption]) => adoption.use?.as === door && !adoption.hidden)
    .map(([id]) => id)
    .sort();
  for (const id of ids) {
    const adoption = adoptions.get(id);
    const device = splitDeviceId(id);
    if (adoption?.use === undefined || device === undefined) continue;
    const endpoint = "endpoint" in adoption.use ? adoption.use.endpoint : undefined;
    return {
      door,
      device: id,
      endpoint,
      label: (adoption.label ?? registry?.get(id)?.name ?? device.name).slice(0, 200),
      room: adoption.room ?? DEFAULT_ROOM,
    };
  }
  return undefined;
}

/** Cover `state` of each action that is one (Zigbee2MQTT's cover: OPEN / CLOSE / STOP). */
const COVER_STATES = { open: "OPEN", close: "CLOSE", stop: "STOP" } as const;

/**
 * The steps a door command becomes on an adopted cover: open / close / stop set its `state` to OPEN /
 * CLOSE / STOP on its endpoint (Zigbee2MQTT `zigbee2mqtt/<name>/set {"state":"OPEN"}`).
 * @throws HubError NOT_SUPPORTED for toggle and constantStop, which a Zigbee2MQTT cover does not have.
 */
export function coverSteps(door: AdoptedDoor, command: GarageCommand): DeviceStep[] {
  if (command === "toggle" || command === "constantStop")
    throw new HubError("NOT_SUPPORTED", `${command}: an adopted cover takes open, close and stop`);
  return [{ property: "state", endpoint: door.endpoint, value: COVER_STATES[command] }];
}

/** The direction a Zigbee2MQTT cover's `moving` reports (`UP` 1, `DOWN` -1, else at rest). */
function directionOf(moving: unknown): number {
  return moving === "UP" ? 1 : moving === "DOWN" ? -1 : 0;
}

/**
 * Publishes `garage/<door>/state` (retained, QoS 0) for the covers adopted as the garage door or the
 * gate, from their Zigbee2MQTT state: `position` (0 closed .. 100 open, rounded), the door state from
 * it and `moving` (contract/garage.ts doorStateOf), `target` the position, `constantStop` false,
 * `label` and `room` from the adoption (room 'Garaż' when it has none). A household file's door of the
 * same id comes first: doors it names are skipped (`householdDoors`). Read from the adoptions at each
 * message. Answers a stop function.
 */
export function followAdoptedDoors(
  router: DeviceRouter,
  link: BrokerLink,
  adoptions: AdoptionSource,
  registry: DeviceRegistry,
  householdDoors: ReadonlySet<GarageDoor>,
): () => void {
  let stopped = false;
  router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
    if (stopped) return;
    const id = deviceId("zigbee2mqtt", event.device);
    const use = adoptions.get(id)?.use?.as;
    if (use !== "garage" && use !== "gate") return;
    if (householdDoors.has(use)) return;
    const door = adoptedDoor(use, adoptions, registry);
    const json = event.json;
    if (door?.device !== id || json === undefined) return;
    const suffix = door.endpoint === undefined ? "" : `_${door.endpoint}`;
    const position = ownField(json, `position${suffix}`);
    if (typeof position !== "number" || !Number.isFinite(position)) return;
    const at = Math.min(100, Math.max(0, Math.round(position)));
    const state: DoorStatePayload = {
      label: door.label,
      room: door.room,
      state: doorStateOf(at, directionOf(ownField(json, `moving${suffix}`))),
      position: at,
      target: at,
      constantStop: false,
      time: new Date().toISOString(),
    };
    link.publish(garageStateTopic(use), JSON.stringify(state), { retain: true, qos: 0 });
  });
  return () => {
    stopped = true;
  };
}
