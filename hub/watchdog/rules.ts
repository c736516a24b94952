import * as v from "valibot";
import {
  DEFAULT_WEATHER_WATCHDOG,
  TempWatchdogValueSchema,
  WEATHER_WATCHDOG_PLACES,
  WeatherWatchdogValueSchema,
  type TempWatchdogValue,
  type WeatherWatchdogValue,
} from "../../contract/settingValues";

/** A reading the watchdogs look at: `sensor/<kind>/<place>`'s value. */
export type WatchedReading = { kind: string; place: string; value: number };

/**
 * One limit of a watchdog: alert `alert/<watchdog>/<id>` while a reading of `kind` at `place` is
 * below (`min`) or above (`max`) `limit`.
 */
export type WatchRule = {
  watchdog: "temp" | "weather";
  id: string;
  kind: "temp" | "pm25" | "pm10";
  place: string;
  bound: "min" | "max";
  limit: number;
};

/**
 * The rules of the stored watchdog settings (docs/contract.md "Watchdogs"). tempWatchdog: each
 * entry's `min` and `max` become rules `<id>-min` and `<id>-max` on `sensor/temp/<sensor>`.
 * weatherWatchdog (the default when none is stored or it is unreadable): `frost-<place>` below
 * `frostBelow` and `heat-<place>` above `heatAbove` for the outdoor places (balcony, outside, tunnel),
 * `pm25-<place>` / `pm10-<place>` above their limits for each particulate sensor's place in `pmPlaces`;
 * none when `enabled` is false. A stored value that fails its schema gives no temp rules.
 */
export function watchdogRules(
  tempValue: unknown,
  weatherValue: unknown,
  pmPlaces: { pm25: readonly string[]; pm10: readonly string[] },
): WatchRule[] {
  const temp = v.safeParse(TempWatchdogValueSchema, tempValue);
  const weather = v.safeParse(WeatherWatchdogValueSchema, weatherValue);
  return [
    ...tempRules(temp.success ? temp.output : []),
    ...weatherRules(weather.success ? weather.output : DEFAULT_WEATHER_WATCHDOG, pmPlaces),
  ];
}

function tempRules(entries: TempWatchdogValue): WatchRule[] {
  const rules: WatchRule[] = [];
  for (const entry of entries) {
    if (entry.min != null)
      rules.push({
        watchdog: "temp",
        id: `${entry.id}-min`,
        kind: "temp",
        place: entry.sensor,
        bound: "min",
        limit: entry.min,
      });
    if (entry.max != null)
      rules.push({
        watchdog: "temp",
        id: `${entry.id}-max`,
        kind: "temp",
        place: entry.sensor,
        bound: "max",
        limit: entry.max,
      });
  }
  return rules;
}

function weatherRules(
  value: WeatherWatchdogValue,
  pmPlaces: { pm25: readonly string[]; pm10: readonly string[] },
): WatchRule[] {
  if (!value.enabled) return [];
  const rules: WatchRule[] = [];
  for (const place of WEATHER_WATCHDOG_PLACES) {
    if (value.frostBelow !== null)
      rules.push({
        watchdog: "weather",
        id: `frost-${place}`,
        kind: "temp",
        place,
        bound: "min",
        limit: value.frostBelow,
      });
    if (value.heatAbove !== null)
      rules.push({
        watchdog: "weather",
        id: `heat-${place}`,
        kind: "temp",
        place,
        bound: "max",
        limit: value.heatAbove,
      });
  }
  for (const kind of ["pm25", "pm10"] as const) {
    const limit = kind === "pm25" ? value.pm25Above : value.pm10Above;
    if (limit === null) continue;
    for (const place of pmPlaces[kind])
      rules.push({ watchdog: "weather", id: `${kind}-${place}`, kind, place, bound: "max", limit });
  }
  return rules;
}

/** True when `value` is beyond the rule's limit: strictly below `min`, strictly above `max`. */
export function isBeyond(rule: WatchRule, value: number): boolean {
  return rule.bound === "min" ? value < rule.limit : value > rule.limit;
}

/** The key of a rule's alert state: `<watchdog>/<id>`. */
export function ruleKey(rule: Pick<WatchRule, "watchdog" | "id">): string {
  return `${rule.watchdog}/${rule.id}`;
}

/** One alert state change to publish. */
export type AlertChange = { rule: WatchRule; active: boolean; value: number };

/**
 * The alert changes a reading causes (pure): for each rule on the reading's kind and place, a change
 * when the reading crosses the limit (`active` differs from `previous`, a rule never seen counting as
 * inactive). `previous` is not modified.
 */
export function alertChanges(
  rules: readonly WatchRule[],
  reading: WatchedReading,
  previous: ReadonlyMap<string, boolean>,
): AlertChange[] {
  const changes: AlertChange[] = [];
  if (!Number.isFinite(reading.value)) return changes;
  for (const rule of rules) {
    if (rule.kind !== reading.kind || rule.place !== reading.place) continue;
    const active = isBeyond(rule, reading.value);
    if ((previous.get(ruleKey(rule)) ?? false) !== active) changes.push({ rule, active, value: reading.value });
  }
  return changes;
}
