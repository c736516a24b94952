import { atom } from "jotai";
import { DOORBELL, DoorbellRingSchema } from "../../../contract/cameras";
import { liveFamily } from "../../platform/live/family";
import { preferencesAtom } from "../../platform/preferences/atoms";

const ringFamily = liveFamily({ pattern: "doorbell/ring", schema: DoorbellRingSchema, map: (at: number) => at });

/** When the doorbell last rang (`doorbell/ring`, epoch ms); null until a ring is known. */
export const doorbellRingAtom = ringFamily();

/** Whether the doorbell popup may open at all: the alerts preference (spec §2). */
export const doorbellAlertsAtom = atom((get) => get(preferencesAtom).alerts);

/** True when a ring at `ringAt` is fresh at `now` (spec §4, §9: less than 5 s old; a ring from the future by clock skew counts). */
export function isRingFresh(ringAt: number | null, now: number): boolean {
  return ringAt !== null && now - ringAt < DOORBELL.freshMs;
}
