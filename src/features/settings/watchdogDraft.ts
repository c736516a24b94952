import {
  DEFAULT_WEATHER_WATCHDOG,
  type TempWatchdogValue,
  type WeatherWatchdogValue,
} from "../../../contract/settingValues";

/** A number field as typed: text, '' = no limit. */
export type NumberText = string;

/** A tempWatchdog entry being edited: its limits as typed. */
export type TempEntryDraft = { id: string; sensor: string; min: NumberText; max: NumberText };

/** The weather watchdog being edited: its thresholds as typed. */
export type WeatherDraft = {
  enabled: boolean;
  frostBelow: NumberText;
  heatAbove: NumberText;
  pm25Above: NumberText;
  pm10Above: NumberText;
};

/** A typed number: '' -> null, '3,5' or '3.5' -> 3.5, anything else -> NaN (refused by the schema as "must be a number"). */
export function parseNumberText(text: NumberText): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const show = (value: number | null | undefined): NumberText =>
  value === null || value === undefined ? "" : String(value);

/** The editor's draft of a stored weather watchdog (the default when none is stored). */
export function weatherDraftOf(value: WeatherWatchdogValue | null): WeatherDraft {
  const stored = value ?? DEFAULT_WEATHER_WATCHDOG;
  return {
    enabled: stored.enabled,
    frostBelow: show(stored.frostBelow),
    heatAbove: show(stored.heatAbove),
    pm25Above: show(stored.pm25Above),
    pm10Above: show(stored.pm10Above),
  };
}

/** The weatherWatchdog value a draft stands for (NaN where a field is not a number; the schema refuses it). */
export function weatherValueOf(draft: WeatherDraft): unknown {
  return {
    enabled: draft.enabled,
    frostBelow: parseNumberText(draft.frostBelow),
    heatAbove: parseNumberText(draft.heatAbove),
    pm25Above: parseNumberText(draft.pm25Above),
    pm10Above: parseNumberText(draft.pm10Above),
  };
}

/** The editor's drafts of stored tempWatchdog entries. */
export function tempDraftOf(value: TempWatchdogValue | null): TempEntryDraft[] {
  return (value ?? []).map((entry) => ({
    id: entry.id,
    sensor: entry.sensor,
    min: show(entry.min),
    max: show(entry.max),
  }));
}

/** The tempWatchdog value the drafts stand for: `{id, sensor, min, max}` with null for an empty limit. */
export function tempValueOf(drafts: readonly TempEntryDraft[]): unknown {
  return drafts.map((entry) => ({
    id: entry.id,
    sensor: entry.sensor,
    min: parseNumberText(entry.min),
    max: parseNumberText(entry.max),
  }));
}

/** A fresh entry id (`[A-Za-z0-9_-]`), unique among `taken`. */
export function newEntryId(taken: readonly string[], now = Date.now()): string {
  let n = now;
  let id = `t${n.toString(36)}`;
  while (taken.includes(id)) id = `t${(++n).toString(36)}`;
  return id;
}
