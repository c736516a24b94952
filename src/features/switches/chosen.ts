import * as v from "valibot";
import type { Atom } from "jotai";
import { SwitchGroupSchema } from "../../../contract/switches";
import { liveFamily } from "../../platform/live/family";
import { parseSwitchRef, type SwitchRef } from "./power";

/** The settings that choose switches for a screen (spec §3 settings keys): home and car dashboard. */
export type ChosenSwitchesKey = "dashboardSwitches" | "carDashboardSwitches";

/**
 * The value of `settings/dashboardSwitches` / `settings/carDashboardSwitches` (docs/contract.md): a
 * list of switch items as in switchesList, 'name' or 'name/relay'. Any other value reads as none.
 */
const ChosenSwitchesSchema = SwitchGroupSchema.entries.items;

const chosenSettings = liveFamily({
  pattern: "settings/+",
  schema: v.unknown(),
  map: (value): readonly SwitchRef[] | null => {
    const parsed = v.safeParse(ChosenSwitchesSchema, value);
    return parsed.success ? parsed.output.map(parseSwitchRef) : null;
  },
});

/** The switches chosen in setting `key` (from the live channel, where the hub publishes settings), or null when not set. */
export function chosenSwitchesAtom(key: ChosenSwitchesKey): Atom<readonly SwitchRef[] | null> {
  return chosenSettings(key);
}
