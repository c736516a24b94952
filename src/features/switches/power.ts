import { atom, type Atom } from "jotai";
import { createFamily } from "../../lib/state/family";
import { liveFamily } from "../../platform/live/family";
import { PowerPayloadSchema } from "./schemas";

/** A reference into config's switchesList: "name" or "name/relayNumber" (spec §3). */
export type SwitchRef = { name: string; relay?: number };

/** Parses "name" or "name/<n>" (n a non-negative integer); anything after a non-numeric slash stays in the name. */
export function parseSwitchRef(item: string): SwitchRef {
  const match = /^(.*)\/(\d{1,3})$/.exec(item);
  if (match?.[1] && match[2]) return { name: match[1], relay: Number(match[2]) };
  return { name: item };
}

/** Live topic of a switch's power state: the contract's builder (`power/<device>/POWER` or `power/<device>/POWER<n>`). */
export { powerTopic } from "../../../contract/topics";

/** A switch's power as shown: on, off, or unknown when no valid state arrived yet. */
export type PowerState = "on" | "off" | "unknown";

/**
 * Power states from the live channel (DESIGN §3 `power/<device>/POWER<n>`, payload `{"state":
 * "ON"|"OFF"}`): one atom per relay topic, released when no switch shows it.
 */
const powerStates = liveFamily({
  pattern: "power/+/+",
  schema: PowerPayloadSchema,
  map: (payload): PowerState => (payload.state === "ON" ? "on" : "off"),
});

/** A relay's topic level: `POWER` or `POWER<n>`. */
const RELAY_LEVEL = /^POWER\d*$/;

const switchPower = createFamily(
  (key: string) => {
    const [name, relay] = JSON.parse(key) as [string, number | null];
    if (relay !== null) {
      const own = powerStates(name, `POWER${relay}`);
      const plain = powerStates(name, "POWER");
      return atom((get): PowerState => {
        const state = get(own) ?? "unknown";
        if (state !== "unknown" || relay > 1) return state;
        return get(plain) ?? "unknown";
      });
    }
    const relays = powerStates.children(name);
    return atom((get): PowerState => {
      const states = get(relays)
        .filter((level) => RELAY_LEVEL.test(level))
        .map((level) => get(powerStates(name, level)) ?? "unknown");
      if (states.includes("on")) return "on";
      return states.includes("off") ? "off" : "unknown";
    });
  },
  { releaseWhenUnused: true },
);

/**
 * Derived power state of a switch (spec §3): with a relay, that relay's `POWER<n>` (relay 0 or 1 also
 * falls back to plain `POWER`); without one, on if any of the device's relays is on, off if all known
 * relays are off, unknown if none reported. A switch without a relay follows only its own device's
 * relays (liveFamily's children), never the whole topic list. The same switch gives the
 * same atom while it is shown.
 */
export function switchPowerAtom(name: string, relay?: number): Atom<PowerState> {
  return switchPower(JSON.stringify([name, relay ?? null]));
}
