import {
  DEFAULT_BUCKET_MS,
  HISTORY_EVENTS,
  MAX_BUCKETS_PER_ANSWER,
  MINUTE_MS,
  answerBuckets,
  bucketCount,
  dayWindow,
  type EventsDayQuery,
  type HistoryItem,
} from "../../contract/history";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Db } from "../core/db";
import { HubError } from "../core/errors";
import type { Household } from "../household/schema";
import type { HistoryContribution } from "./contribution";
import { FLUSH_INTERVAL_MS, HistoryRecorder, MAINTAIN_INTERVAL_MS } from "./recorder";
import { HouseholdSeries, type SeriesFilter } from "./series-filter";
import { HistoryStore } from "./store";

/** Live topic filters the history records (hub/history/recorder.ts `sampleOf`), and the Tasmota STATE pass-through it learns relays from. */
export const HISTORY_TOPIC_FILTERS = ["sensor/+/+", "power/+/+", "tasmota/tele/+/STATE"] as const;

/**
 * The history domain (spec §9 "History"): records the live channel into SQLite and answers a
 * day's buckets. No HTTP in it.
 */
export class HistoryService {
  readonly recorder: HistoryRecorder;
  private timers: NodeJS.Timeout[] = [];

  private readonly known: ReadonlySet<string>;

  /**
   * `contributions`: the recorded series of the hub's other domains (hub/history/contribution.ts);
   * their events are answered by {@link day} like the built-in ones.
   * @throws Error when a contributed event is built in or declared twice.
   */
  constructor(
    private readonly store: HistoryStore,
    private readonly log: HubLogger,
    series: SeriesFilter,
    private readonly clock: () => number = Date.now,
    private readonly contributions: readonly HistoryContribution[] = [],
  ) {
    const known = new Set<string>(HISTORY_EVENTS);
    for (const contribution of contributions)
      for (const event of contribution.events) {
        if (known.has(event)) throw new Error(`history event ${event} declared twice`);
        known.add(event);
      }
    this.known = known;
    this.recorder = new HistoryRecorder(store, {
      series: withContributions(series, contributions),
      clock,
      onRefused: (refused, reason) =>
        log.warn({ series: refused.slice(0, 300), reason }, "history: series not recorded (logged once per series)"),
    });
  }

  /** Subscribes to the live topics and starts the flush and maintenance timers; compacts once now. */
  start(link: BrokerLink): this {
    for (const filter of HISTORY_TOPIC_FILTERS)
      link.subscribe(filter, (topic, payload) => this.recorder.handle(topic, payload));
    for (const contribution of this.contributions)
      for (const filter of contribution.topicFilters)
        link.subscribe(filter, (topic, payload) => this.recorder.handleContributed(contribution, topic, payload));
    this.maintain();
    const flush = setInterval(() => this.flush(), FLUSH_INTERVAL_MS);
    const maintain = setInterval(() => this.maintain(), MAINTAIN_INTERVAL_MS);
    flush.unref();
    maintain.unref();
    this.timers = [flush, maintain];
    return this;
  }

  /** Writes what is buffered now (also at stop). */
  flush(): void {
    const error = this.recorder.flush();
    if (error) this.log.error({ err: error }, "history: could not write buffered values (dropped)");
  }

  /** Compacts and prunes the table ({@link HistoryStore.maintain}); a failure is logged, never thrown. */
  maintain(): void {
    try {
      const { compacted, deleted } = this.store.maintain(this.clock());
      if (compacted + deleted > 0) this.log.debug({ compacted, deleted }, "history compacted");
    } catch (error) {
      this.log.error({ err: error }, "history: maintenance failed");
    }
  }

  /** Stops the timers and writes what is buffered. */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.flush();
  }

  /**
   * The buckets of `GET /events/day` (spec §7, §9): every asked event of every asked device over the
   * day's window (one slot before midnight to the next midnight), in buckets of `bucket` minutes
   * (default 5) counted from the window's start. Values buffered but not yet flushed are included.
   * A series with nothing recorded answers no items.
   * @throws HubError BAD_REQUEST for a bad day, an event this hub does not record, a device its event's
   *   contribution refuses (HistoryContribution.refuses), or for a query spanning more than
   *   {@link MAX_BUCKETS_PER_ANSWER} buckets (events × devices × buckets; nothing is read)
   */
  day(query: EventsDayQuery): HistoryItem[] {
    const unknown = query.event.find((event) => !this.known.has(event));
    if (unknown !== undefined)
      throw new HubError("BAD_REQUEST", `event: not recorded by this hub (recorded: ${[...this.known].join(", ")})`);
    for (const contribution of this.contributions)
      for (const event of query.event.filter((asked) => contribution.events.includes(asked)))
        for (const device of query.device) {
          const refusal = contribution.refuses?.(event, device);
          if (refusal !== undefined) throw new HubError("BAD_REQUEST", refusal);
        }
    const window = dayWindow(query.day);
    if (window === null) throw new HubError("BAD_REQUEST", "day: must be a real date");
    const bucketMs = query.bucket === undefined ? DEFAULT_BUCKET_MS : query.bucket * MINUTE_MS;
    const spanned = answerBuckets(query);
    if (spanned > MAX_BUCKETS_PER_ANSWER) {
      const asked = `${String(query.event.length)} × ${String(query.device.length)} × ${String(bucketCount(bucketMs))} = ${String(spanned)}`;
      throw new HubError(
        "BAD_REQUEST",
        `query: events × devices × buckets must be at most ${String(MAX_BUCKETS_PER_ANSWER)} (asked ${asked}): ask fewer events or devices, or a larger bucket`,
      );
    }
    this.flush();
    return this.store.buckets(query.event, query.device, window.from, window.to, bucketMs).map((b) => ({
      event: b.event,
      device: b.device,
      time: new Date(b.time).toISOString(),
      value: b.value,
      min: b.min,
      max: b.max,
    }));
  }
}

/** The household's series, and those each contribution accepts for its own events. */
function withContributions(series: SeriesFilter, contributions: readonly HistoryContribution[]): SeriesFilter {
  if (contributions.length === 0) return series;
  return {
    accepts: (event, device) => {
      const owner = contributions.find((contribution) => contribution.events.includes(event));
      return owner ? owner.accepts(event, device) : series.accepts(event, device);
    },
    learnState: (device, payload) => series.learnState(device, payload),
  };
}

/**
 * Builds the history domain on the hub's database and starts recording `household`'s series from
 * `link`, with the series other domains declare (`contributions`) and those of adopted devices
 * (`more`: hub/devices/uses/series.ts).
 */
export function startHistory(
  db: Db,
  link: BrokerLink,
  log: HubLogger,
  household: Household,
  contributions: readonly HistoryContribution[] = [],
  more?: Pick<SeriesFilter, "accepts">,
): HistoryService {
  const own = new HouseholdSeries(household);
  const series: SeriesFilter =
    more === undefined
      ? own
      : {
          accepts: (event, device) => own.accepts(event, device) || more.accepts(event, device),
          learnState: (device, payload) => own.learnState(device, payload),
        };
  return new HistoryService(new HistoryStore(db), log, series, Date.now, contributions).start(link);
}
