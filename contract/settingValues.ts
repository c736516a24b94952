/**
 * The value of each household setting (spec §3 "Settings entries", docs/contract.md "Setting values"):
 * what `PATCH /settings` accepts per key, what the hub publishes on `settings/<key>`, and the
 * watchdogs' alerts on `alert/…`. Messages of the checks are our own words, never the value.
 */
import * as v from "valibot";
import { GpsTileUrlSchema } from "./gps";
import { PlaceSchema } from "./sensors";
import { SwitchGroupSchema } from "./switches";
import type { SettingKey } from "./settings";

/** One switch item as in switchesList (spec §3): 'name' or 'name/relayNumber'. */
export const SwitchItemSchema = SwitchGroupSchema.entries.items.item;

/** At most this many switches on a dashboard, groups in switchesList, items in a group. */
export const MAX_CHOSEN_SWITCHES = 64;

function unique<T>(items: readonly T[], key: (item: T) => string): boolean {
  return new Set(items.map(key)).size === items.length;
}

/** `dashboardSwitches` / `carDashboardSwitches`: the switches shown, in order, each once. */
export const ChosenSwitchesValueSchema = v.pipe(
  v.array(SwitchItemSchema),
  v.maxLength(MAX_CHOSEN_SWITCHES, "at most 64 switches"),
  v.check((items) => unique(items, String), "each switch at most once"),
);

/** `garageLight`: the switch item the hub turns on when the garage door starts opening; null = none. */
export const GarageLightValueSchema = v.nullable(SwitchItemSchema);

/** A switchesList group name: 1..200 characters, not blank. */
const GroupNameSchema = v.pipe(
  v.string(),
  v.check((name) => name.trim().length > 0, "must not be blank"),
  v.maxLength(200, "at most 200 characters"),
);

/** `switchesList`: groups (unique names, each its items once) of the switches screen (spec §3). */
export const SwitchesListValueSchema = v.pipe(
  v.array(
    v.object({
      name: GroupNameSchema,
      items: v.pipe(
        v.array(SwitchItemSchema),
        v.maxLength(MAX_CHOSEN_SWITCHES, "at most 64 items"),
        v.check((items) => unique(items, String), "each item at most once"),
      ),
    }),
  ),
  v.maxLength(MAX_CHOSEN_SWITCHES, "at most 64 groups"),
  v.check((groups) => unique(groups, (group) => group.name.trim()), "group names must differ"),
);
export type SwitchesListValue = v.InferOutput<typeof SwitchesListValueSchema>;

/** A temperature limit in °C (-60..100, at most one decimal place is typical; any finite number in range). */
const CelsiusSchema = v.pipe(
  v.number(),
  v.finite("must be a number"),
  v.minValue(-60, "at least -60"),
  v.maxValue(100, "at most 100"),
);

/** Id of a watchdog entry (removed with `idsToRemove`): `[A-Za-z0-9_-]`, 1..64 characters. */
export const WatchdogIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "must match [A-Za-z0-9_-]{1,64}"));

/**
 * One `tempWatchdog` entry: alert when the temperature at `sensor` (the place of a temp sensor,
 * `sensor/temp/<place>`) falls below `min` or rises above `max` (°C; null or absent = no limit;
 * at least one limit, `min` below `max`).
 */
export const TempWatchdogEntrySchema = v.pipe(
  v.object({
    id: WatchdogIdSchema,
    sensor: PlaceSchema,
    min: v.nullish(CelsiusSchema),
    max: v.nullish(CelsiusSchema),
  }),
  v.forward(
    v.check((entry) => entry.min != null || entry.max != null, "set min or max"),
    ["min"],
  ),
  v.forward(
    v.check((entry) => entry.min == null || entry.max == null || entry.min < entry.max, "must be above min"),
    ["max"],
  ),
);
export type TempWatchdogEntry = v.InferOutput<typeof TempWatchdogEntrySchema>;

/** `tempWatchdog`: per-sensor limits, ids unique (`idsToRemove` removes entries by id). */
export const TempWatchdogValueSchema = v.pipe(
  v.array(TempWatchdogEntrySchema),
  v.maxLength(100, "at most 100 entries"),
  v.check((entries) => unique(entries, (entry) => entry.id), "ids must differ"),
);
export type TempWatchdogValue = v.InferOutput<typeof TempWatchdogValueSchema>;

/** Outdoor places whose temperature the weather watchdog watches (spec §9: balcony, outside, tunnel). */
export const WEATHER_WATCHDOG_PLACES = ["balcony", "outside", "tunnel"] as const;

/**
 * `weatherWatchdog`: outdoor thresholds. `frostBelow` (°C) and `heatAbove` (°C) for the outdoor
 * temperatures, `pm25Above` and `pm10Above` (µg/m³) for every particulate sensor; null = that alert
 * is off; `enabled: false` turns them all off.
 */
export const WeatherWatchdogValueSchema = v.pipe(
  v.object({
    enabled: v.boolean(),
    frostBelow: v.nullable(CelsiusSchema),
    heatAbove: v.nullable(CelsiusSchema),
    pm25Above: v.nullable(
      v.pipe(v.number(), v.finite("must be a number"), v.minValue(1, "at least 1"), v.maxValue(1000, "at most 1000")),
    ),
    pm10Above: v.nullable(
      v.pipe(v.number(), v.finite("must be a number"), v.minValue(1, "at least 1"), v.maxValue(1000, "at most 1000")),
    ),
  }),
  v.forward(
    v.check(
      (value) => value.frostBelow === null || value.heatAbove === null || value.frostBelow < value.heatAbove,
      "must be above frostBelow",
    ),
    ["heatAbove"],
  ),
);
export type WeatherWatchdogValue = v.InferOutput<typeof WeatherWatchdogValueSchema>;

/** The weather watchdog when none is stored: frost below 0 °C, heat above 30 °C, PM2.5 above 50, PM10 above 100 (spec §9 "tragic"), on. */
export const DEFAULT_WEATHER_WATCHDOG: WeatherWatchdogValue = {
  enabled: true,
  frostBelow: 0,
  heatAbove: 30,
  pm25Above: 50,
  pm10Above: 100,
};

/** Each setting key's value schema: `PATCH /settings` refuses a value that fails it (400 naming the field under `value`). */
export const SETTING_VALUE_SCHEMAS = {
  garageLight: GarageLightValueSchema,
  dashboardSwitches: ChosenSwitchesValueSchema,
  carDashboardSwitches: ChosenSwitchesValueSchema,
  switchesList: SwitchesListValueSchema,
  weatherWatchdog: WeatherWatchdogValueSchema,
  tempWatchdog: TempWatchdogValueSchema,
  gpsTileUrl: GpsTileUrlSchema,
} as const satisfies Record<SettingKey, v.GenericSchema>;

/** A path segment shown in a message: a field name or an array index. */
const SHOWN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/**
 * Why `value` is not a valid value of setting `key` (SETTING_VALUE_SCHEMAS), as the hub's 400 message
 * says it: `value.<path>: <rule>` (`value.0.max: must be above min`), or null when it is valid. Our
 * schemas' own messages are used; valibot's default ones (they quote the value) become the rule's
 * type and expectation. The dashboard checks its forms with this too, so both sides say the same.
 */
export function settingValueIssue(key: SettingKey, value: unknown): string | null {
  const result = v.safeParse(SETTING_VALUE_SCHEMAS[key], value, { abortEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  if (!issue) return "value: invalid";
  const segments = ["value"];
  for (const item of issue.path ?? []) {
    const pathKey: unknown = item.key;
    if (typeof pathKey === "number" || (typeof pathKey === "string" && SHOWN_KEY.test(pathKey)))
      segments.push(String(pathKey));
    else segments.push("?");
  }
  const own = issue.kind === "validation" && !/received/i.test(issue.message);
  const rule = own ? issue.message : issue.expected ? `expected ${issue.expected}` : `${issue.type} rule failed`;
  return `${segments.join(".")}: ${rule}`;
}

/**
 * The first switch item (per key) in a valid setting `value` that is not in `known` ('name' and
 * 'name/relay' items the household has), as `value.<path>: unknown switch`; null when all are known.
 */
export function unknownSwitchIssue(
  key: SettingKey,
  value: unknown,
  isKnown: (item: string) => string | null,
): string | null {
  const items: [string, string][] = [];
  if (key === "garageLight" && typeof value === "string") items.push([value, "value"]);
  if ((key === "dashboardSwitches" || key === "carDashboardSwitches") && Array.isArray(value)) {
    value.forEach((item, index) => items.push([String(item), `value.${index}`]));
  }
  if (key === "switchesList" && Array.isArray(value)) {
    (value as { items: string[] }[]).forEach((group, groupIndex) =>
      group.items.forEach((item, index) => items.push([item, `value.${groupIndex}.items.${index}`])),
    );
  }
  for (const [item, where] of items) {
    const problem = isKnown(item);
    if (problem !== null) return `${where}: ${problem}`;
  }
  return null;
}

/** `alert/<watchdog>/<id>`: the state of one watchdog rule (retained). `watchdog` is `temp` or `weather`. */
export function alertTopic(watchdog: "temp" | "weather", id: string): string {
  return `alert/${watchdog}/${id}`;
}

/**
 * Payload of `alert/…`: `active` while the reading is beyond the limit; `bound` says which limit
 * (`min`: below it, `max`: above it), `kind` and `place` the reading's sensor, `value` the reading and
 * `limit` the limit, `time` when the state changed (ISO-8601).
 */
export const WatchdogAlertSchema = v.object({
  active: v.boolean(),
  bound: v.picklist(["min", "max"]),
  kind: v.picklist(["temp", "pm25", "pm10"]),
  place: PlaceSchema,
  value: v.number(),
  limit: v.number(),
  time: v.string(),
});
export type WatchdogAlert = v.InferOutput<typeof WatchdogAlertSchema>;

/** `POST /config/sensors/notify` on the general base (spec §7): the watchdogs re-read their settings and re-judge the last readings. */
export const SENSORS_NOTIFY_PATH = "/config/sensors/notify";

/** Body of `POST /config/sensors/notify`: `{}`, nothing else. */
export const SensorsNotifyBodySchema = v.strictObject({});

/** `{item:{active}}`: the answer of `POST /config/sensors/notify`, the active alerts as `<watchdog>/<id>`. */
export const SensorsNotifyAnswerSchema = v.object({ item: v.object({ active: v.array(v.string()) }) });
export type SensorsNotifyAnswer = v.InferOutput<typeof SensorsNotifyAnswerSchema>;
