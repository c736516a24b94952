import { DoorStatePayloadSchema, type DoorStatePayload } from "../../../contract/garage";
import { liveFamily } from "../../platform/live/family";

/** A door's live state (`garage/<door>/state`, DoorStatePayloadSchema): null until the hub has published one. */
export const doorStateAtom = liveFamily<typeof DoorStatePayloadSchema, DoorStatePayload>({
  pattern: "garage/+/state",
  schema: DoorStatePayloadSchema,
  map: (payload) => payload,
});
