import * as v from "valibot";
import { HistoryDeviceSchema, MINUTE_MS, type HistoryEvent } from "../../src/shared/contract/history";
import { SENSOR_KINDS, SensorReadingSchema } from "../../src/shared/contract/sensors";
import { PowerPayloadSchema } from "../../src/shared/contract/switches";
import { HISTORY_LIMITS, type HistoryRow, type HistoryStore } from "./store";

/** How often buffered values go to SQLite, ms (one transaction per flush, whatever the message rate). */
export const FLUSH_INTERVAL_MS = 5_000;
/** How often the table is compacted and pruned ({@link HistoryStore.maintain}), ms. */
export const MAINTAIN_INTERVAL_MS = 60 * MINUTE_MS;
/** A reading's own time may run this far ahead of the hub's clock, ms (a device clock a little fast). */
const FUTURE_TOLERANCE_MS = MINUTE_MS;

/** One value taken from a live message: the series, the value and its time (epoch ms). */
export type Sample = { event: HistoryEvent; device: string; value: number; time: number };

/** Why a live message was not recorded (counted, never thrown). */
export type SkipReason = "not recorded" | "bad payload" | "bad device" | "too old or in the future" | "series cap";

const SENSOR_KIND_SET: ReadonlySet<string> = new Set(SENSOR_KINDS);

/**
 * What a live message records (pure): `sensor/<kind>/<place>` `{value, time}` → the kind at the place,
 * at the reading's own time; `power/<device>/POWER<n>` `{state}` → `power` of `<device>/POWER<n>`,
 * 1 for ON and 0 for OFF, at `now`. Anything else, or a malformed payload, is a skip reason.
 */
export function sampleOf(topic: string, payload: Buffer | string, now: number): Sample | SkipReason {
  const levels = topic.split("/");
  let json: unknown;
  const parse = () => {
    try {
      json = JSON.parse(payload.toString());
      return true;
    } catch {
      return false;
    }
  };
  if (levels.length === 3 && levels[0] === "sensor" && SENSOR_KIND_SET.has(levels[1] ?? "")) {
    if (!parse()) return "bad payload";
    const reading = v.safeParse(SensorReadingSchema, json);
    if (!reading.success) return "bad payload";
    const device = levels[2] ?? "";
    if (!v.is(HistoryDeviceSchema, device)) return "bad device";
    return { event: levels[1] as HistoryEvent, device, value: reading.output.value, time: Date.parse(reading.output.time) };
  }
  if (levels.length === 3 && levels[0] === "power" && /^POWER\d{0,2}$/.test(levels[2] ?? "")) {
    if (!parse()) return "bad payload";
    const power = v.safeParse(PowerPayloadSchema, json);
    if (!power.success) return "bad payload";
    const device = `${levels[1]}/${levels[2]}`;
    if (!v.is(HistoryDeviceSchema, device)) return "bad device";
    return { event: "power", device, value: power.output.state === "ON" ? 1 : 0, time: now };
  }
  return "not recorded";
}

/** What {@link HistoryRecorder} counts. */
export type RecorderStats = { recorded: number; skipped: Partial<Record<SkipReason, number>> };

/**
 * Records the live channel's values into {@link HistoryStore} (spec §9 "History"): each sample is
 * merged in memory into its series' minute (sum, count, min, max) and flushed every
 * {@link FLUSH_INTERVAL_MS} in one transaction; a retained value delivered again (same series, same
 * time) is not counted twice. Bounded: samples older than the raw retention or over a minute in the
 * future are skipped, and at most {@link HISTORY_LIMITS.maxSeries} series are kept. Never throws.
 */
export class HistoryRecorder {
  readonly stats: RecorderStats = { recorded: 0, skipped: {} };
  private readonly pending = new Map<string, HistoryRow>();
  private readonly lastTime = new Map<string, number>();
  private readonly known: Set<string>;

  constructor(
    private readonly store: HistoryStore,
    private readonly clock: () => number = Date.now,
  ) {
    this.known = new Set(store.series().map((s) => JSON.stringify([s.event, s.device])));
  }

  /** Takes one live message (a BrokerLink handler). */
  handle(topic: string, payload: Buffer | string): void {
    const now = this.clock();
    const sample = sampleOf(topic, payload, now);
    if (typeof sample === "string") return this.skip(sample);
    if (sample.time > now + FUTURE_TOLERANCE_MS || sample.time < now - HISTORY_LIMITS.rawKeepMs) return this.skip("too old or in the future");
    const series = JSON.stringify([sample.event, sample.device]);
    if (!this.known.has(series)) {
      if (this.known.size >= HISTORY_LIMITS.maxSeries) return this.skip("series cap");
      this.known.add(series);
    }
    if (this.lastTime.get(series) === sample.time) return; // the same retained reading again
    this.lastTime.set(series, sample.time);
    const minute = Math.floor(sample.time / MINUTE_MS) * MINUTE_MS;
    const key = `${series}@${minute}`;
    const row = this.pending.get(key);
    if (row) {
      row.sum += sample.value;
      row.count += 1;
      row.min = Math.min(row.min, sample.value);
      row.max = Math.max(row.max, sample.value);
    } else {
      this.pending.set(key, { event: sample.event, device: sample.device, time: minute, span: MINUTE_MS, sum: sample.value, count: 1, min: sample.value, max: sample.value });
    }
    this.stats.recorded += 1;
  }

  /** Writes the buffered minutes to SQLite (errors are returned, not thrown). */
  flush(): Error | null {
    if (this.pending.size === 0) return null;
    const rows = [...this.pending.values()];
    this.pending.clear();
    try {
      this.store.write(rows);
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private skip(reason: SkipReason): void {
    this.stats.skipped[reason] = (this.stats.skipped[reason] ?? 0) + 1;
  }
}
