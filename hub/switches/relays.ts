import { tasmotaPowerCommand } from "../../contract/switches";
import type { Switch } from "../household/schema";

/**
 * The one switch model (spec §3): which relays of its Tasmota device a household switch is, for its
 * state and its commands alike. A switch bound to one relay r is commanded on `POWER<r>` and shows
 * only `POWER<r>`; a switch with no relay is commanded on `POWER` / `POWER<n>` (1..`relays`) and
 * shows every relay of its device (on if any relay is on). The bridge's `power/<name>/…` topics
 * (bridge/tasmota.ts) and `POST /switch/{id}/set` (switches/service.ts) both read this binding.
 */
export interface SwitchBinding {
  /** The switch's name (its `power/<name>/…` and `availability/<name>` topics). */
  name: string;
  /** The Tasmota topic of its device. */
  device: string;
  /** The one relay it is bound to, or undefined: every relay of the device. */
  relay: number | undefined;
  /** How many relays a switch with no relay takes commands for (1 when not configured). */
  relays: number;
}

/** The binding of a household switch (see {@link SwitchBinding}). */
export function switchBinding(item: Pick<Switch, "name" | "device" | "relay" | "relays">): SwitchBinding {
  return { name: item.name, device: item.device, relay: item.relay, relays: item.relays ?? 1 };
}

/**
 * The relays `POST /switch/{id}/set` accepts for a switch, each with the Tasmota command it becomes:
 * a switch bound to one `relay` r of its device takes 0 (its own relay) and r, both `POWER<r>`; any
 * other switch takes 0 (`POWER`, Tasmota's first relay) and 1..`relays` (default 1), `POWER<n>`.
 */
export function relayCommands(item: {
  relay?: number | undefined;
  relays?: number | undefined;
}): ReadonlyMap<number, string> {
  if (item.relay !== undefined) {
    const own = tasmotaPowerCommand(item.relay);
    return new Map([
      [0, own],
      [item.relay, own],
    ]);
  }
  const count = item.relays ?? 1;
  return new Map(Array.from({ length: count + 1 }, (_, relay) => [relay, tasmotaPowerCommand(relay)]));
}

/**
 * The key under which switch `item` shows its device's power key `deviceKey` (`POWER`, `POWER<n>`)
 * on `power/<name>/<key>`, or null when that relay is not this switch's. A switch bound to relay r
 * follows only `POWER<r>` (and the plain `POWER` of a one-relay device when r is 1), always shown as
 * `POWER<r>`, the command its presses send ({@link relayCommands}); any other switch follows every
 * relay of its device, under the device's own keys.
 */
export function switchPowerKey(item: { relay?: number | undefined }, deviceKey: string): string | null {
  if (item.relay === undefined) return deviceKey;
  const own = tasmotaPowerCommand(item.relay);
  return deviceKey === own || (item.relay === 1 && deviceKey === "POWER") ? own : null;
}
