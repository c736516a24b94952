import { tasmotaPowerCommand } from "../../src/shared/contract/switches";
import type { Switch } from "../household/schema";

/**
 * Which relays of its Tasmota device a household switch is, for its state and its commands alike
 * (spec §3: a switch with a relay follows that relay; one without counts as on if any relay is on).
 * This module is the one place that decides it: the bridge's `power/<name>/…` topics and
 * `POST /switch/{id}/set` both read it.
 */

/**
 * The relays `POST /switch/{id}/set` accepts for a switch, each with the Tasmota command it becomes:
 * a switch bound to one `relay` r of its device takes 0 (its own relay) and r, both `POWER<r>`; any
 * other switch takes 0 (`POWER`, Tasmota's first relay) and 1..`relays` (default 1), `POWER<n>`.
 */
export function relayCommands(item: Pick<Switch, "relay" | "relays">): ReadonlyMap<number, string> {
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
 * `POWER<r>`, the command its presses send; any other switch follows every relay of its device,
 * under the device's own keys.
 */
export function switchPowerKey(item: Pick<Switch, "relay">, deviceKey: string): string | null {
  if (item.relay === undefined) return deviceKey;
  const own = tasmotaPowerCommand(item.relay);
  return deviceKey === own || (item.relay === 1 && deviceKey === "POWER") ? own : null;
}
