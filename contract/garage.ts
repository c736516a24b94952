/**
 * Garage door and gate (spec §4, §7; docs/contract.md "Garage and gate"): the paths of the garage
 * API base (`/api/garage/v1`), the bodies and answers, and the live topic `garage/<door>/state` the
 * dashboard reads each door's position and motion from.
 */
import * as v from "valibot";
import { itemOf } from "./envelope";

/** The two doors of spec §7, each a path prefix on the garage base: `/garage/...`, `/gate/...`. */
export const GARAGE_DOORS = ["garage", "gate"] as const;
/** A door id (spec §7): the garage door or the gate. */
export type GarageDoor = (typeof GARAGE_DOORS)[number];
export const GarageDoorSchema = v.picklist(GARAGE_DOORS);

/** The moving actions of spec §4 (no body): open, close, toggle (start or reverse), stop. */
export const GARAGE_ACTIONS = ["open", "close", "toggle", "stop"] as const;
export type GarageAction = (typeof GARAGE_ACTIONS)[number];
export const GarageActionSchema = v.picklist(GARAGE_ACTIONS);

/** The action with a value (spec §4, §7): `POST /<door>/constantStop` `{value}`. */
export const CONSTANT_STOP = "constantStop";

/** Every door command: the four actions and constantStop. */
export type GarageCommand = GarageAction | typeof CONSTANT_STOP;

/** Path of a door command on the garage base: `/garage/open`, `/gate/constantStop` (spec §7). */
export function garagePath(door: GarageDoor, command: GarageCommand): string {
  return `/${door}/${command}`;
}

/**
 * Body of `POST /<door>/constantStop` (spec §7 "body value"). Our reading (docs/contract.md): the
 * door is held stopped while `value` is true (the motor ignores open/close/toggle, e.g. while a car
 * stands in the gateway); false releases it. Sent to the device as Tasmota `ShutterLock<n> 1|0`.
 */
export const ConstantStopBodySchema = v.strictObject({ value: v.boolean() });
export type ConstantStopBody = v.InferOutput<typeof ConstantStopBodySchema>;

/** What a door command answers: the door, the command sent to the device, and when (ISO-8601). */
export const GarageCommandResultSchema = v.object({
  door: GarageDoorSchema,
  command: v.picklist([...GARAGE_ACTIONS, CONSTANT_STOP]),
  sentAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type GarageCommandResult = v.InferOutput<typeof GarageCommandResultSchema>;

/** `{item: GarageCommandResult}`: the answer of every door command (the device's state follows on the live topic). */
export const GarageCommandAnswerSchema = itemOf(GarageCommandResultSchema);
export type GarageCommandAnswer = v.InferOutput<typeof GarageCommandAnswerSchema>;

/** Motion and end states of a door: moving up/down, at an end, or stopped mid-way. */
export const DOOR_STATES = ["opening", "open", "closing", "closed", "stopped"] as const;
export type DoorState = (typeof DOOR_STATES)[number];

/** `garage/<door>/state`: the door's state (retained, published by the hub's bridge). */
export function garageStateTopic(door: GarageDoor): string {
  return `garage/${door}/state`;
}

/**
 * Payload of `garage/<door>/state`: motion/end state, position in % (0 closed .. 100 open), the
 * position it is heading for, whether constantStop holds it, when the hub received it (ISO-8601),
 * and the door's label and room from the household file (so the dashboard places its tile in its
 * room with no extra request), and the shutter's Tasmota topic `device` (its availability).
 */
export const DoorStatePayloadSchema = v.object({
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  state: v.picklist(DOOR_STATES),
  position: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  target: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  constantStop: v.boolean(),
  time: v.pipe(v.string(), v.isoTimestamp()),
  /** The Tasmota topic of the door's shutter: the dashboard reads `availability/<device>` (LWT) for it. */
  device: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
});
export type DoorStatePayload = v.InferOutput<typeof DoorStatePayloadSchema>;

/**
 * The door state a position and Tasmota's `Direction` mean: 1 opening, -1 closing, 0 at rest
 * (open at 100, closed at 0, stopped anywhere else).
 */
export function doorStateOf(position: number, direction: number): DoorState {
  if (direction > 0) return "opening";
  if (direction < 0) return "closing";
  if (position >= 100) return "open";
  if (position <= 0) return "closed";
  return "stopped";
}
