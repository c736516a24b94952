import { deviceId } from "../../contract/devices";
import {
  GARAGE_DOORS,
  doorStateOf,
  garageStateTopic,
  type DoorStatePayload,
  type GarageCommand,
  type GarageDoor,
} from "../../contract/garage";
import type { BrokerLink } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import { HubError } from "../core/errors";
import type { DeviceStep } from "../devices/commands";
import type { AdoptionSource } from "../devices/adoption/source";
import type { DeviceRegistry } from "../devices/registry";
import type { DeviceStates } from "../devices/state";
import { followAvailability } from "../devices/uses/availability";
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

/** The direction a Zigbee2MQTT cover's `moving` reports (`UP` 1, `DOWN` -1, else at rest). */
function directionOf(moving: unknown): number {
  return moving === "UP" ? 1 : moving === "DOWN" ? -1 : 0;
}

/** Where an adopted cover is, from its Zigbee2MQTT state: position 0 closed .. 100 open (rounded), direction 1 / -1 / 0. */
export interface CoverReading {
  position: number;
  direction: number;
}

/**
 * The reading of `door`'s cover in `values` (its Zigbee2MQTT state: `position`, `moving`, with
 * `_<endpoint>`), undefined without a finite position.
 */
export function coverReading(
  door: Pick<AdoptedDoor, "endpoint">,
  values: Readonly<Record<string, unknown>>,
): CoverReading | undefined {
  const suffix = door.endpoint === undefined ? "" : `_${door.endpoint}`;
  const get = (key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);
  const position = get(`position${suffix}`);
  if (typeof position !== "number" || !Number.isFinite(position)) return undefined;
  return { position: Math.min(100, Math.max(0, Math.round(position))), direction: directionOf(get(`moving${suffix}`)) };
}

/**
 * The steps a door command becomes on an adopted cover: open / close / stop set its `state` to OPEN /
 * CLOSE / STOP on its endpoint (Zigbee2MQTT `zigbee2mqtt/<name>/set {"state":"OPEN"}`). A Zigbee2MQTT
 * cover has no toggle: toggle (spec §4 "start or reverse") is OPEN while the cover is closed or
 * closing (`reading`: position 0, or moving down) and CLOSE otherwise (open, opening, stopped mid-way).
 * @throws HubError DEVICE_UNREACHABLE for toggle before the cover reported its position (nothing is
 *   sent); NOT_SUPPORTED for constantStop, which a Zigbee2MQTT cover does not have.
 */
export function coverSteps(door: AdoptedDoor, command: GarageCommand, reading?: CoverReading): DeviceStep[] {
  if (command === "constantStop")
    throw new HubError("NOT_SUPPORTED", "constantStop: an adopted cover takes open, close, stop and toggle");
  if (command === "toggle") {
    if (reading === undefined)
      throw new HubError("DEVICE_UNREACHABLE", "toggle: the cover has not reported its position yet; nothing was sent");
    const closedOrClosing = reading.direction < 0 || (reading.direction === 0 && reading.position <= 0);
    return [
      { property: "state", endpoint: door.endpoint, value: closedOrClosing ? COVER_STATES.open : COVER_STATES.close },
    ];
  }
  return [{ property: "state", endpoint: door.endpoint, value: COVER_STATES[command] }];
}

/** What {@link followAdoptedDoors} answers. */
export interface AdoptedDoorsFollower {
  /** Where `door`'s cover last reported to be (its last state message, else its device state), undefined while unknown. */
  reading(door: AdoptedDoor): CoverReading | undefined;
  /** Stops publishing. */
  stop(): void;
}

/** The door state of an adopted cover (contract/garage.ts DoorStatePayload) from its `reading`. */
function doorState(door: AdoptedDoor, name: string, reading: CoverReading): DoorStatePayload {
  return {
    label: door.label,
    room: door.room,
    state: doorStateOf(reading.position, reading.direction),
    position: reading.position,
    target: reading.position,
    constantStop: false,
    time: new Date().toISOString(),
    device: name,
  };
}

/**
 * Publishes `garage/<door>/state` (retained, QoS 0) for the covers adopted as the garage door or the
 * gate, from their Zigbee2MQTT state: `position` (0 closed .. 100 open, rounded), the door state from
 * it and `moving` (contract/garage.ts doorStateOf), `target` the position, `constantStop` false,
 * `label` and `room` from the adoption (room 'Garaż' when it has none), `device` the cover's friendly
 * name, whose `availability/<name>` is published from the registry (so the dashboard disables the
 * door's controls while the cover is offline, as for a household Tasmota shutter). A household file's
 * door comes first: doors it names are skipped (`householdDoors`). An adoption made, changed or
 * removed applies at once: the door's state from the cover's last known values (`states`), or the
 * topic emptied when no cover stands for the door any more. Answers {@link AdoptedDoorsFollower}.
 */
export function followAdoptedDoors(
  router: DeviceRouter,
  link: BrokerLink,
  adoptions: AdoptionSource,
  registry: DeviceRegistry,
  householdDoors: ReadonlySet<GarageDoor>,
  states?: Pick<DeviceStates, "get">,
): AdoptedDoorsFollower {
  let stopped = false;
  const published = new Set<GarageDoor>();
  /** The last reading of each cover published, by device id and endpoint (its `moving` too, which the device states may not keep). */
  const last = new Map<string, CoverReading>();
  const keyOf = (door: AdoptedDoor) => `${door.device}\u0000${door.endpoint ?? ""}`;
  const doorOf = (door: GarageDoor) => (householdDoors.has(door) ? undefined : adoptedDoor(door, adoptions, registry));
  const publish = (door: AdoptedDoor, values: Readonly<Record<string, unknown>>) => {
    const device = splitDeviceId(door.device);
    const reading = coverReading(door, values);
    if (device === undefined || reading === undefined) return;
    last.set(keyOf(door), reading);
    link.publish(garageStateTopic(door.door), JSON.stringify(doorState(door, device.name, reading)), {
      retain: true,
      qos: 0,
    });
    published.add(door.door);
  };
  const availability = followAvailability(registry, link, (id) => {
    const use = adoptions.get(id)?.use?.as;
    if (use !== "garage" && use !== "gate") return undefined;
    const door = doorOf(use);
    return door?.device === id ? splitDeviceId(id)?.name : undefined;
  });
  router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
    if (stopped) return;
    const id = deviceId("zigbee2mqtt", event.device);
    const use = adoptions.get(id)?.use?.as;
    if (use !== "garage" && use !== "gate") return;
    const door = doorOf(use);
    if (door?.device !== id || event.json === undefined) return;
    publish(door, event.json);
  });
  const apply = () => {
    if (stopped) return;
    for (const name of GARAGE_DOORS) {
      if (householdDoors.has(name)) continue;
      const door = doorOf(name);
      const values = door === undefined ? undefined : states?.get(door.device)?.values;
      if (door !== undefined && values !== undefined) publish(door, values);
      else if (door === undefined && published.delete(name))
        link.publish(garageStateTopic(name), "", { retain: true, qos: 0 });
    }
    availability.refresh();
  };
  const stopAdoptions = adoptions.onChange(apply);
  apply();
  return {
    reading: (door) => last.get(keyOf(door)) ?? coverReading(door, states?.get(door.device)?.values ?? {}),
    stop: () => {
      stopped = true;
      stopAdoptions();
      availability.stop();
    },
  };
}
