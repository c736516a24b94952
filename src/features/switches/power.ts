import { atom, type Atom } from "jotai";
import * as v from "valibot";
import { liveTopicsAtom, liveValueAtom } from "../live/atoms";
import { PowerPayloadSchema } from "./schemas";

/** A reference into config's switchesList: "name" or "name/relayNumber" (spec §3). */
export type SwitchRef = { name: string; relay?: number };

/** Parses "name" or "name/<n>" (n a non-negative integer); anything after a non-numeric slash stays in the name. */
export function parseSwitchRef(item: string): SwitchRef {
  const match = /^(.*)\/(\d{1,3})$/.exec(item);
  if (match?.[1] && match[2]) return { name: match[1], relay: Number(match[2]) };
  return { name: item };
}

/** Live topic of a switch's power state (DESIGN.md §3): `power/<device>/POWER` or `power/<device>/POWER<n>`. */
export function powerTopic(device: string, relay?: number): string {
  return `power/${device}/POWER${relay === undefined || relay === 0 ? "" : String(relay)}`;
}

/** A switch's power as shown: on, off, or unknown when no valid state arrived yet. */
export type PowerState = "on" | "off" | "unknown";

function stateOf(value: unknown): PowerState {
  const parsed = v.safeParse(PowerPayloadSchema, value);
  if (!parsed.success) return "unknown";
  return parsed.output.state === "ON" ? "on" : "off";
}

const cache = new Map<string, Atom<PowerState>>();

/**
 * Derived power state of a switch (spec §3): with a relay, that relay's `POWER<n>` (relay 0 or 1 also
 * falls back to plain `POWER`); without one, on if any of the device's relays is on, off if all known
 * relays are off, unknown if none reported. Memoised per (name, relay).
 */
export function switchPowerAtom(name: string, relay?: number): Atom<PowerState> {
  const key = `${name}\u0000${relay ?? ""}`;
  const existing = cache.get(key);
  if (existing) return existing;
  const created = atom((get): PowerState => {
    if (relay !== undefined) {
      const own = stateOf(get(liveValueAtom(`power/${name}/POWER${relay}`))?.value);
      if (own !== "unknown" || relay > 1) return own;
      return stateOf(get(liveValueAtom(powerTopic(name)))?.value);
    }
    const prefix = `power/${name}/POWER`;
    const states = [...get(liveTopicsAtom)]
      .filter((topic) => topic.startsWith(prefix) && /^\d*$/.test(topic.slice(prefix.length)))
      .map((topic) => stateOf(get(liveValueAtom(topic))?.value));
    if (states.includes("on")) return "on";
    return states.includes("off") ? "off" : "unknown";
  });
  cache.set(key, created);
  return created;
}
