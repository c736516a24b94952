import type { HistoryEvent } from "../../contract/history";
import { tasmotaPowerCommand } from "../../contract/switches";
import { ownField, parseJsonObject, MAX_PAYLOAD_BYTES } from "../bridge/guards";
import type { Household } from "../household/schema";

/** Which series the history records (docs/contract.md "History"). */
export interface SeriesFilter {
  /** True when the series `event` of `device` (a sensor's place, or `<switch>/POWER<n>`) is one the household has. */
  accepts(event: HistoryEvent, device: string): boolean;
  /** Learns a Tasmota device's relays from its STATE telemetry (`tasmota/tele/<t>/STATE`). */
  learnState(device: string, payload: Buffer): void;
}

/** Most relays a Tasmota device has (ESP32 builds: 32; ESP8266: 8). */
export const MAX_RELAYS = 32;

/** A relay's key: `POWER` (a one-relay device, relay 1) or `POWER<n>`, n 1..32; `POWER0` is Tasmota's "all relays" command, never a relay. */
function relayOfKey(key: string): number | null {
  if (key === "POWER") return 1;
  const match = /^POWER([1-9]\d?)$/.exec(key);
  const relay = match ? Number(match[1]) : 0;
  return relay >= 1 && relay <= MAX_RELAYS ? relay : null;
}

/**
 * The series of the household's devices:
 * - `sensor` kinds: a sensor of the household file with that kind at that place;
 * - `power` of `<device>/<key>` for a switch's Tasmota device: a relay the device has, as the
 *   household file says (a switch's `relay`, or 1..`relays`, default 1) or as its STATE telemetry
 *   last reported (Tasmota lists every relay there: `POWER` on a one-relay device, else `POWER1`..;
 *   so plain `POWER` is a relay only of a device with one);
 * - `power` of `<name>/<key>` for a switch named otherwise than its device: its own relay's key
 *   (`POWER<r>`, as hub/switches/relays.ts publishes it), or any relay of its device when it has none.
 */
export class HouseholdSeries implements SeriesFilter {
  private readonly sensors = new Set<string>();
  /** Tasmota topic of a switch -> its relays as the household file declares them. */
  private readonly declared = new Map<string, Set<number>>();
  /** Tasmota topic of a switch -> its relays as its last STATE telemetry reported them. */
  private readonly reported = new Map<string, Set<number>>();
  /** Switch name (other than its device) -> its device and the one relay it is, if any. */
  private readonly aliases = new Map<string, { device: string; relay: number | undefined }>();

  constructor(household: Household) {
    for (const sensor of household.sensors) this.sensors.add(`${sensor.kind}/${sensor.place}`);
    for (const item of household.switches) {
      const relays = this.declared.get(item.device) ?? new Set<number>();
      if (item.relay !== undefined) relays.add(item.relay);
      else for (let relay = 1; relay <= (item.relays ?? 1); relay++) relays.add(relay);
      this.declared.set(item.device, relays);
      if (item.name !== item.device) this.aliases.set(item.name, { device: item.device, relay: item.relay });
    }
  }

  accepts(event: HistoryEvent, device: string): boolean {
    if (event !== "power") return this.sensors.has(`${event}/${device}`);
    const slash = device.lastIndexOf("/");
    const name = device.slice(0, slash);
    const key = device.slice(slash + 1);
    const relay = relayOfKey(key);
    if (slash < 0 || relay === null) return false;
    const alias = this.declared.has(name) ? undefined : this.aliases.get(name);
    if (alias?.relay !== undefined) return key === tasmotaPowerCommand(alias.relay);
    const relays = this.relaysOf(alias?.device ?? name);
    // Plain `POWER` is how a one-relay device reports its relay; a device with more reports POWER1...
    return relays.has(relay) && (key !== "POWER" || Math.max(...relays) === 1);
  }

  /** The relays of switch device `topic`, declared or reported (at most {@link MAX_RELAYS}). */
  private relaysOf(topic: string): ReadonlySet<number> {
    const declared = this.declared.get(topic);
    const reported = this.reported.get(topic);
    if (!reported) return declared ?? new Set();
    return new Set([...(declared ?? []), ...reported]);
  }

  learnState(device: string, payload: Buffer): void {
    if (!this.declared.has(device) || payload.length > MAX_PAYLOAD_BYTES) return;
    const json = parseJsonObject(payload);
    if (!json) return;
    const relays = new Set<number>();
    for (const key of Object.keys(json)) {
      const relay = relayOfKey(key);
      if (relay !== null && typeof ownField(json, key) === "string") relays.add(relay);
    }
    if (relays.size > 0) this.reported.set(device, relays);
  }
}
