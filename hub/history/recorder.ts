import * as v from "valibot";
import { HistoryDeviceSchema, HistoryEventSchema, MINUTE_MS, type HistoryEvent } from "../../contract/history";
import { SENSOR_KINDS, SensorReadingSchema } from "../../contract/sensors";
import { PowerPayloadSchema } from "../../contract/switches";
import type { HistoryContribution } from "./contribution";
import type { SeriesFilter } from "./series-filter";
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
export type SkipReason =
  | "not recorded"
  | "bad payload"
  | "bad device"
  | "too old or in the future"
  | "not the household's"
  | "series cap per device"
  | "series cap";

/** Why a series is refused, as {@link RecorderOptions.onRefused} hears it. */
export type RefusalReason = Extract<SkipReason, "not the household's" | "series cap per device" | "series cap">;

/** How many refused series are logged (once each); further ones are only counted. */
const MAX_LOGGED_REFUSALS = 1_000;

/** `tasmota/tele/<t>/STATE`: the pass-through of a Tasmota device's STATE telemetry, read for its relays. */
const STATE_PASS_THROUGH = /^tasmota\/tele\/([^/]+)\/STATE$/;

/** What {@link HistoryRecorder} needs besides its store. */
export interface RecorderOptions {
  /** Which series are the household's ({@link SeriesFilter}; series-filter.ts). */
  series: SeriesFilter;
  /** The clock, epoch ms (default Date.now). */
  clock?: () => number;
  /** Hears each refused series once (`event/device`, the reason), for one log line. */
  onRefused?: (series: string, reason: RefusalReason) => void;
}

/** The device a series counts against for the per-device cap: a sensor's place, or the switch of `<switch>/POWER<n>`. */
function deviceOfSeries(device: string): string {
  const slash = device.indexOf("/");
  return slash < 0 ? device : device.slice(0, slash);
}

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
    return {
      event: levels[1] as HistoryEvent,
      device,
      value: reading.output.value,
      time: Date.parse(reading.output.time),
    };
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
 * time) is not counted twice. Bounded: only the household's series are recorded (`options.series`:
 * its sensors, the relays its switches really have, learned also from `tasmota/tele/<t>/STATE`),
 * samples older than the raw retention or over a minute in the future are skipped, and at most
 * {@link HISTORY_LIMITS.maxSeriesPerDevice} series per device and {@link HISTORY_LIMITS.maxSeries} in
 * all are kept (series stored earlier count when the filter still accepts them). A refused series is
 * counted, and reported to `onRefused` once. Never throws.
 */
export class HistoryRecorder {
  readonly stats: RecorderStats = { recorded: 0, skipped: {} };
  private readonly pending = new Map<string, HistoryRow>();
  private readonly lastTime = new Map<string, number>();
  private readonly known = new Set<string>();
  private readonly perDevice = new Map<string, number>();
  private readonly refusedLogged = new Set<string>();
  private readonly clock: () => number;

  constructor(
    private readonly store: HistoryStore,
    private readonly options: RecorderOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    for (const { event, device } of store.series()) {
      if (v.is(HistoryEventSchema, event) && options.series.accepts(event, device))
        this.admit(JSON.stringify([event, device]), device);
    }
  }

  /** Takes one live message (a BrokerLink handler). */
  handle(topic: string, payload: Buffer | string): void {
    const state = STATE_PASS_THROUGH.exec(topic);
    if (state?.[1] !== undefined)
      return this.options.series.learnState(state[1], typeof payload === "string" ? Buffer.from(payload) : payload);
    const sample = sampleOf(topic, payload, this.clock());
    if (typeof sample === "string") return this.skip(sample);
    this.record(sample);
  }

  /**
   * Takes one live message of a domain's recorded series (`contribution`, hub/history/contribution.ts):
   * each sample it reads is recorded as {@link record} does; a skip reason is counted. Never throws.
   */
  handleContributed(contribution: HistoryContribution, topic: string, payload: Buffer): void {
    let samples: readonly Sample[] | SkipReason;
    try {
      samples = contribution.samplesOf(topic, payload, this.clock());
    } catch {
      samples = "bad payload";
    }
    if (typeof samples === "string") return this.skip(samples);
    for (const sample of samples) {
      if (!contribution.events.includes(sample.event) || !v.is(HistoryDeviceSchema, sample.device))
        this.skip("bad device");
      else this.record(sample);
    }
  }

  /**
   * Records one sample, within the bounds of {@link HistoryRecorder}: skipped when too old or in the
   * future, refused when not the household's series or over a series cap; the same retained reading
   * again (same series, same time) is not counted twice.
   */
  record(sample: Sample): void {
    const now = this.clock();
    if (sample.time > now + FUTURE_TOLERANCE_MS || sample.time < now - HISTORY_LIMITS.rawKeepMs)
      return this.skip("too old or in the future");
    const series = JSON.stringify([sample.event, sample.device]);
    if (!this.known.has(series)) {
      const refusal = this.refusalOf(sample);
      if (refusal !== null) return this.refuse(`${sample.event}/${sample.device}`, refusal);
      this.admit(series, sample.device);
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
      this.pending.set(key, {
        event: sample.event,
        device: sample.device,
        time: minute,
        span: MINUTE_MS,
        sum: sample.value,
        count: 1,
        min: sample.value,
        max: sample.value,
      });
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

  private refusalOf(sample: Sample): RefusalReason | null {
    if (!this.options.series.accepts(sample.event, sample.device)) return "not the household's";
    if ((this.perDevice.get(deviceOfSeries(sample.device)) ?? 0) >= HISTORY_LIMITS.maxSeriesPerDevice)
      return "series cap per device";
    if (this.known.size >= HISTORY_LIMITS.maxSeries) return "series cap";
    return null;
  }

  private admit(series: string, device: string): void {
    this.known.add(series);
    const owner = deviceOfSeries(device);
    this.perDevice.set(owner, (this.perDevice.get(owner) ?? 0) + 1);
  }

  private refuse(series: string, reason: RefusalReason): void {
    this.skip(reason);
    const key = `${reason}\u0000${series}`;
    if (this.refusedLogged.has(key) || this.refusedLogged.size >= MAX_LOGGED_REFUSALS) return;
    this.refusedLogged.add(key);
    this.options.onRefused?.(series, reason);
  }

  private skip(reason: SkipReason): void {
    this.stats.skipped[reason] = (this.stats.skipped[reason] ?? 0) + 1;
  }
}
