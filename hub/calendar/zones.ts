import { zonePartsFormat } from "../core/zone-parts";

/** The household's time zone: events are expanded and all-day events placed in it. */
export const HOUSEHOLD_ZONE = "Europe/Warsaw";

/**
 * Windows time zone names (Outlook / Microsoft 365 / Exchange TZIDs) to IANA zones, for a TZID a file
 * uses without its VTIMEZONE: the common ones of Europe and North America (CLDR's windowsZones.xml).
 */
const WINDOWS_ZONES: Readonly<Record<string, string>> = {
  "Central European Standard Time": "Europe/Warsaw",
  "Central Europe Standard Time": "Europe/Budapest",
  "W. Europe Standard Time": "Europe/Berlin",
  "Romance Standard Time": "Europe/Paris",
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "E. Europe Standard Time": "Europe/Chisinau",
  "FLE Standard Time": "Europe/Kiev",
  "GTB Standard Time": "Europe/Bucharest",
  "Russian Standard Time": "Europe/Moscow",
  "Belarus Standard Time": "Europe/Minsk",
  "Turkey Standard Time": "Europe/Istanbul",
  "Eastern Standard Time": "America/New_York",
  "Central Standard Time": "America/Chicago",
  "Mountain Standard Time": "America/Denver",
  "Pacific Standard Time": "America/Los_Angeles",
  "Tokyo Standard Time": "Asia/Tokyo",
  "China Standard Time": "Asia/Shanghai",
  "India Standard Time": "Asia/Calcutta",
  "AUS Eastern Standard Time": "Australia/Sydney",
  UTC: "UTC",
  "Coordinated Universal Time": "UTC",
};

const known = new Map<string, boolean>();

/** True when the runtime (ICU) knows IANA zone `zone`. */
function isIanaZone(zone: string): boolean {
  let answer = known.get(zone);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      answer = true;
    } catch {
      answer = false;
    }
    if (known.size < 1000) known.set(zone, answer);
  }
  return answer;
}

/**
 * The IANA zone of a TZID a file uses without a VTIMEZONE: an IANA name as is (also with a
 * `/mozilla.org/…/` or similar prefix: its last two levels), a Windows name through the table
 * above, Outlook's `(UTC+hh:00) …` as that fixed offset, else {@link HOUSEHOLD_ZONE}.
 */
export function ianaZoneOf(tzid: string | undefined | null): string {
  if (!tzid) return HOUSEHOLD_ZONE;
  const name = tzid.replace(/^"|"$/g, "").trim();
  if (name in WINDOWS_ZONES) return WINDOWS_ZONES[name]!;
  if (isIanaZone(name)) return name;
  // Outlook's display names, "(UTC-05:00) Eastern Time (US & Canada)": a whole-hour offset as Etc/GMT (signs reversed).
  const offset = /^\((?:UTC|GMT)([+-])(\d{2}):00\)/.exec(name);
  if (offset) {
    const hours = Number(offset[2]);
    return hours === 0 ? "UTC" : `Etc/GMT${offset[1] === "+" ? "-" : "+"}${hours}`;
  }
  const tail = name.split("/").slice(-2).join("/");
  if (tail !== name && isIanaZone(tail)) return tail;
  return HOUSEHOLD_ZONE;
}

/** The offset of `zone` from UTC at instant `epochMs`, ms (positive east of Greenwich). */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of zonePartsFormat(zone).formatToParts(new Date(epochMs))) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** A wall-clock time: month 1..12. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/**
 * The instant (epoch ms) of wall-clock `time` in IANA `zone`. A time skipped by a DST change
 * (02:30 on the last Sunday of March in Warsaw) is read with the offset before the change (03:30
 * CEST); a repeated one (02:30 in October) is read as the one after the change (CET).
 */
export function wallTimeToEpoch(time: WallTime, zone: string): number {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const first = asUtc - zoneOffsetMs(zone, asUtc);
  const second = asUtc - zoneOffsetMs(zone, first);
  if (first === second) return first;
  // Around a change: the earlier offset that maps back to this wall time, else the one before the change.
  const before = asUtc - zoneOffsetMs(zone, Math.min(first, second) - 3_600_000);
  return asUtc - zoneOffsetMs(zone, before) === before ? before : Math.max(first, second);
}

/** The start of the household's day (Europe/Warsaw) holding `epochMs`, plus `days` days, epoch ms. */
export function startOfHouseholdDay(epochMs: number, days = 0): number {
  const local = new Date(epochMs + zoneOffsetMs(HOUSEHOLD_ZONE, epochMs));
  return wallTimeToEpoch(
    {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate() + days,
      hour: 0,
      minute: 0,
      second: 0,
    },
    HOUSEHOLD_ZONE,
  );
}
