import { atom } from "jotai";
import {
  AcStatePayloadSchema,
  HeaterStatePayloadSchema,
  type AcStatePayload,
  type HeaterStatePayload,
} from "../../../contract/climate";
import { liveFamily } from "../../platform/live/family";

/** `heater/<leaf>`: the heater's live state is `heater/state` (spec §3 "heater state"); null until the hub publishes it. */
const heaterStates = liveFamily({
  pattern: "heater/+",
  schema: HeaterStatePayloadSchema,
  map: (payload): HeaterStatePayload => payload,
});

/** The heater's live state (`heater/state`, HeaterStatePayloadSchema), null until known. */
export const heaterStateAtom = () => heaterStates("state");

/** `ac/<id>`: an AC unit's live state (spec §3 "AC: mode, targetTemperature"), null until the hub publishes it. */
export const acState = liveFamily({
  pattern: "ac/+",
  schema: AcStatePayloadSchema,
  map: (payload): AcStatePayload => payload,
});

/** Every AC unit announced on `ac/+`, as `[id, state]` (ids from the topic list, one atom per unit). */
export const allAcAtom = atom((get): [string, AcStatePayload][] =>
  get(acState.children()).flatMap((id) => {
    const state = get(acState(id));
    return state ? [[id, state] as [string, AcStatePayload]] : [];
  }),
);
