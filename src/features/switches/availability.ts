import type { Atom } from "jotai";
import { AvailabilityPayloadSchema } from "../../shared/contract/topics";
import { liveFamily } from "../live/family";

/**
 * `availability/<device>` from the live channel (docs/contract.md: Tasmota LWT `Online`/`Offline`,
 * Zigbee2MQTT availability, published by the hub's bridge under the device and under each switch
 * named otherwise), as `online`/`offline`; null until a valid payload arrives.
 */
const availabilityStates = liveFamily({
  pattern: "availability/+",
  schema: AvailabilityPayloadSchema,
  map: (payload): "online" | "offline" => payload.state,
});

/** The availability of switch (or device) `name` (spec §3: unreachable devices show as unavailable). */
export function switchAvailabilityAtom(name: string): Atom<"online" | "offline" | null> {
  return availabilityStates(name);
}
