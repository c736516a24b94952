import { doorStateOf, garageStateTopic, type DoorStatePayload, type GarageDoor } from "../../contract/garage";
import type { Household } from "../household/schema";
import { MAX_PAYLOAD_BYTES, asObject, isSafeDeviceName, ownField } from "./guards";
import type { DeviceTranslator } from "./router";
import { emptyTranslation, type Translation } from "./types";

/** What the bridge last heard from one door's Tasmota shutter. */
interface ShutterMemory {
  door: GarageDoor;
  label: string;
  room: string;
  shutter: number;
  position?: number;
  direction: number;
  target?: number;
  locked: boolean;
}

const isPercent = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 100;
const isDirection = (value: unknown): value is -1 | 0 | 1 => value === -1 || value === 0 || value === 1;

/**
 * The garage and gate side of the Tasmota bridge: Tasmota shutters (`SetOption80 1`,
 * xdrv_27_shutter) report `{"Shutter<n>":{"Position":0..100,"Direction":-1|0|1,"Target":0..100,"Tilt":..}}`
 * on `stat/<t>/RESULT` (every second while moving and at the end; older firmware on `tele/<t>/RESULT`) and in `tele/<t>/SENSOR`, and
 * `{"ShutterLock<n>":0|1}` answering ShutterLock. Each configured door's report becomes a retained
 * `garage/<door>/state` (DoorStatePayloadSchema). Keeps the last position and lock per door, so a
 * lock answer republishes the state. A Tasmota translator of the router (router.ts DeviceTranslator). Bad values (not integers in range, unsafe topics, oversized
 * or non-JSON payloads) are dropped, never passed on. Never throws.
 */
export function createShutterBridge(household: Household): DeviceTranslator<Translation> {
  const byDevice = new Map<string, ShutterMemory[]>();
  for (const entry of household.garage) {
    const list = byDevice.get(entry.device) ?? [];
    list.push({
      door: entry.door,
      label: entry.label,
      room: entry.room,
      shutter: entry.shutter,
      direction: 0,
      locked: false,
    });
    byDevice.set(entry.device, list);
  }
  return (event, receivedAt) => {
    const out = emptyTranslation();
    const { device, kind, raw: payload } = event;
    if (!["stat/RESULT", "tele/RESULT", "stat/SENSOR", "tele/SENSOR"].includes(kind)) return out;
    if (!isSafeDeviceName(device)) return out; // the Tasmota bridge reports unsafe topics
    const doors = byDevice.get(device);
    if (!doors) return out;
    if (payload.length > MAX_PAYLOAD_BYTES) return out;
    const json = event.json;
    if (!json) return out;
    for (const memory of doors) {
      let changed = false;
      const lock = ownField(json, `ShutterLock${memory.shutter}`);
      if (lock !== undefined) {
        if (lock === 0 || lock === 1) {
          memory.locked = lock === 1;
          changed = true;
        } else out.dropped.push(`ShutterLock${memory.shutter} of ${device} is ${JSON.stringify(lock)}, not 0/1`);
      }
      const report = asObject(ownField(json, `Shutter${memory.shutter}`));
      if (report) {
        const position = ownField(report, "Position");
        const direction = ownField(report, "Direction");
        const target = ownField(report, "Target");
        if (isPercent(position) && isDirection(direction) && (target === undefined || isPercent(target))) {
          memory.position = position;
          memory.direction = direction;
          memory.target = target ?? (direction > 0 ? 100 : direction < 0 ? 0 : position);
          changed = true;
        } else out.dropped.push(`Shutter${memory.shutter} of ${device} has a bad Position/Direction/Target`);
      }
      if (changed && memory.position !== undefined) {
        const state: DoorStatePayload = {
          label: memory.label,
          room: memory.room,
          state: doorStateOf(memory.position, memory.direction),
          position: memory.position,
          target: memory.target ?? memory.position,
          constantStop: memory.locked,
          time: receivedAt.toISOString(),
          device,
        };
        out.messages.push({ topic: garageStateTopic(memory.door), payload: JSON.stringify(state) });
      }
    }
    return out;
  };
}
