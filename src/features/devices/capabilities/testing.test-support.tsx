import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import type { ListedDevice } from "../../../../contract/adoption";
import {
  deviceId,
  deviceStateTopic,
  type Availability,
  type Capability,
  type Device,
} from "../../../../contract/devices";
import { applyLiveBatch } from "../../../platform/live/apply";
import type { JotaiStore } from "../../../shared/store";
import { pl } from "./i18n/pl";

/**
 * What the capability tiles' tests share (not part of the app): the household's Zigbee2MQTT devices
 * as the registry lists them, their states, publishing a state on the live channel, and the tiles'
 * Polish texts (the devices feature's i18n spreads them in; here they are added to the test's i18n).
 */

type BridgeEntry = {
  friendly_name: string;
  supported?: boolean;
  definition?: { model: string; vendor: string; exposes: unknown[] } | null;
};

const fixture = (name: string): unknown =>
  (JSON.parse(readFileSync(join(process.cwd(), "tests/fixtures/zigbee2mqtt", name), "utf8")) as { payload: unknown })
    .payload;

/** The registry's view of a `bridge/devices` entry: id `zigbee2mqtt:<friendly_name>`, exposes as capabilities, online. */
function toDevice(entry: BridgeEntry, availability: Availability = "online"): Device {
  return {
    id: deviceId("zigbee2mqtt", entry.friendly_name),
    source: "zigbee2mqtt",
    name: entry.friendly_name,
    model: entry.definition?.model ?? null,
    vendor: entry.definition?.vendor ?? null,
    availability,
    lastSeen: new Date(Date.now() - 120_000).toISOString(),
    capabilities: (entry.definition?.exposes ?? []) as Capability[],
  };
}

/** A device of tests/fixtures/zigbee2mqtt/bridge_devices_household.json (or bridge_devices.json) by friendly name. */
export function householdDevice(name: string, availability: Availability = "online"): Device {
  for (const file of ["bridge_devices_household.json", "bridge_devices.json"]) {
    const entry = (fixture(file) as BridgeEntry[]).find((item) => item.friendly_name === name);
    if (entry) return toDevice(entry, availability);
  }
  throw new Error(`no fixture device ${name}`);
}

/** A device as GET /devices lists it, with an adoption. */
export function listed(device: Device, adoption: ListedDevice["adoption"]): ListedDevice {
  return { ...device, firstSeen: "2026-11-27T08:00:00.000Z", seen: true, adoption };
}

/** The state of a household device (tests/fixtures/zigbee2mqtt/household_states.json), as its values. */
export function householdState(name: string): Record<string, unknown> {
  const state = (fixture("household_states.json") as Record<string, Record<string, unknown>>)[name];
  if (state === undefined) throw new Error(`no fixture state ${name}`);
  return state;
}

/** Publishes `device/<id>/state` on the live channel as the hub does: `{values, at}`, received `ageMs` ago. */
export function publishState(store: JotaiStore, id: string, values: Record<string, unknown>, ageMs = 0): void {
  const at = Date.now() - ageMs;
  applyLiveBatch(
    store,
    new Map([[deviceStateTopic(id), { value: { values, at: new Date(at).toISOString() }, receivedAt: at }]]),
  );
}

/** Publishes a raw payload on any live topic (an alert, a malformed state). */
export function publish(store: JotaiStore, topic: string, value: unknown): void {
  applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]]));
}

/** Adds the tiles' Polish texts to the rendering i18n (the devices feature's i18n does in the app). */
export function WithTileStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle("pl", "translation") || !i18n.exists("deviceTiles.more"))
    i18n.addResourceBundle("pl", "translation", pl, true, false);
  return children;
}
