import { atom, type Atom } from "jotai";
import { SolarReadingSchema, type SolarReading } from "../../../contract/pv";
import type { ListedDevice } from "../../../contract/adoption";
import { createFamily } from "../../lib/state/family";
import { freshnessOf, type Freshness } from "../../shared/freshness";
import { formatRelativeTime } from "../../shared/relativeTime";
import { nowAtom } from "../../platform/clock/atoms";
import { liveFamily } from "../../platform/live/family";
import type { Locale } from "../../../contract/preferences";

/** A solar reading as the tile reads it: the payload, and when its age starts counting (epoch ms). */
export type SolarLive = SolarReading & { since: number };

/**
 * The adopted inverters' readings (`device/<name>/solar`, contract/pv.ts), one atom per installation.
 * Age counts from the older of the hub's read time and the arrival, so a retained reading from an hour
 * ago is an hour old (spec §9, as the sensors' tiles).
 */
const readings = liveFamily({
  pattern: "device/+/solar",
  schema: SolarReadingSchema,
  map: (payload, receivedAt): SolarLive => ({ ...payload, since: Math.min(Date.parse(payload.time), receivedAt) }),
});

/** Installation `name`'s last reading, null until one arrives. */
export function solarReadingAtom(name: string): Atom<SolarLive | null> {
  return readings(name);
}

const freshness = createFamily(
  (name: string) =>
    atom((get): Freshness | null => {
      const reading = get(readings(name));
      return reading === null ? null : freshnessOf(get(nowAtom) - reading.since);
    }),
  { releaseWhenUnused: true },
);

/** How current installation `name`'s reading is (spec §9: outdated after 1 min, stale after 5), null without one. */
export function solarFreshnessAtom(name: string): Atom<Freshness | null> {
  return freshness(name);
}

const ages = createFamily(
  (key: string) => {
    const [name, locale] = JSON.parse(key) as [string, Locale];
    return atom((get): string | null => {
      const reading = get(readings(name));
      return reading === null ? null : formatRelativeTime(reading.since, get(nowAtom), locale);
    });
  },
  { releaseWhenUnused: true },
);

/** The "x ago" label of installation `name`'s reading ('teraz', '2 minuty temu'), null without one. */
export function solarAgeAtom(name: string, locale: Locale): Atom<string | null> {
  return ages(JSON.stringify([name, locale]));
}

/** An installation as home and the car dashboard show it: its live name, label and room. */
export type SolarInstallation = { device: string; name: string; label: string; room: string | undefined };

/**
 * The devices adopted as solar (contract/adoption.ts use `solar`) shown on `show` (home or the car
 * dashboard), not hidden, by label; one per live name (the first device's).
 */
export function solarInstallations(devices: readonly ListedDevice[], show: "home" | "car"): SolarInstallation[] {
  const seen = new Set<string>();
  const out: SolarInstallation[] = [];
  for (const device of devices) {
    const adoption = device.adoption;
    const use = adoption?.use;
    if (!adoption || adoption.hidden || adoption.show !== show || use?.as !== "solar" || seen.has(use.name)) continue;
    seen.add(use.name);
    out.push({ device: device.id, name: use.name, label: adoption.label ?? device.name, room: adoption.room });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, "pl"));
}
