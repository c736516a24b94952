import {
  CALENDAR_EVENTS_TOPIC,
  MAX_CALENDAR_EVENTS,
  MAX_CALENDARS,
  type CalendarError,
  type CalendarEvent,
  type CalendarView,
} from "../../contract/calendar";
import type { BrokerLink, HubLogger } from "../broker/link";
import { HubError } from "../core/errors";
import { FETCH_LIMITS, fetchIcs, type FetchLimits } from "./fetcher";
import { CalendarFailure, type Occurrence } from "./ics";
import { IcsParser, type ParserOptions } from "./parser";
import type { CalendarStore, StoredCalendar } from "./store";
import { startOfHouseholdDay } from "./zones";

/** How often each calendar is fetched by default, ms (10 minutes). */
export const CALENDAR_INTERVAL_MS = 10 * 60_000;
/** The days after today the hub publishes (today and the next 14 days). */
export const CALENDAR_DAYS_AHEAD = 14;

/** The calendar domain's options (HubOptions.calendar): the fetch interval and bounds, the clock (tests). */
export type CalendarOptions = {
  /** Fetch interval, ms (default {@link CALENDAR_INTERVAL_MS}). */
  intervalMs?: number;
  /** Fetch bounds (default FETCH_LIMITS: 20 s, 3 redirects, 5 MB). */
  limits?: Partial<FetchLimits>;
  /** The clock, epoch ms (default Date.now). */
  now?: () => number;
  /** The calendar worker's bounds (default: 5 s per file, a 256 MB heap): parser.ts. */
  parser?: ParserOptions;
};

/** An extra source of events published while the household has no enabled calendar of its own (the demo's). */
export type ExtraEvents = () => readonly CalendarEvent[];

/** The address shown for a calendar: its scheme and host, the rest (path, token, credentials) masked. */
export function maskedAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const rest = parsed.pathname.length > 1 || parsed.search || parsed.username ? "/…" : "/";
    return `${parsed.protocol}//${parsed.host}${rest}`;
  } catch {
    return "…";
  }
}

/** A calendar's last good file expanded: the occurrences of the window starting at `from`. */
type Expansion = { readonly from: number; readonly occurrences: Occurrence[] };

/**
 * The household's calendars (docs/contract.md "Calendars"): each enabled one fetched every
 * `intervalMs` (ETag / Last-Modified, bounded: fetcher.ts), checked, parsed and expanded (ics.ts) in
 * the calendar worker (parser.ts: off the main thread, so MQTT, HTTP and cameras never wait on a
 * large file), its last good file kept in the store so a failure or a restart keeps its events; the
 * occurrences of today and the next {@link CALENDAR_DAYS_AHEAD} days (Europe/Warsaw) of every enabled
 * calendar merged, nearest first, at most MAX_CALENDAR_EVENTS, published retained on
 * `calendar/events` after the stored files are read at start, and after each fetch, change and
 * interval. When the day changes, each last good file is expanded again in the worker (its previous
 * window's events still in the window are published meanwhile).
 */
export class CalendarService {
  /** Each calendar's last good file's occurrences (kept until a new file or the next day's window replaces them). */
  private readonly expanded = new Map<string, Expansion>();
  /** The calendars whose stored file is being expanded for a new window, and the window whose expansion failed. */
  private readonly refreshing = new Set<string>();
  private readonly refusedFrom = new Map<string, number>();
  private readonly parser: IcsParser;
  private readonly counts = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly limits: FetchLimits;
  private readonly now: () => number;
  private stopped = false;

  constructor(
    private readonly store: CalendarStore,
    private readonly link: BrokerLink,
    private readonly log: HubLogger,
    private readonly options: CalendarOptions = {},
    private readonly extra: ExtraEvents | null = null,
  ) {
    this.limits = { ...FETCH_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.parser = new IcsParser(options.parser, log);
  }

  /**
   * Expands the enabled calendars' stored files (in the worker), publishes, then fetches every
   * enabled calendar; again each interval. Answers at once (the reading goes on in the background).
   */
  start(): void {
    const round = () => void this.fetchAll();
    void (async () => {
      for (const calendar of this.store.all())
        if (calendar.enabled && !this.stopped) await this.refresh(calendar.id, false);
      this.publish();
      round();
    })().catch((error: unknown) => this.log.warn({ error: String(error) }, "calendars could not start"));
    this.timer = setInterval(round, this.options.intervalMs ?? CALENDAR_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the interval and ends the calendar worker; fetches under way finish without storing or publishing. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.parser.stop();
  }

  /** Every calendar as the dashboard sees it. */
  list(): CalendarView[] {
    return this.store.all().map((calendar) => this.viewOf(calendar));
  }

  /**
   * Adds a calendar and fetches it (answers when the fetch is done, failed or not).
   * @throws HubError LIMIT_REACHED past MAX_CALENDARS
   */
  async add(body: { label: string; colour: string; url: string; enabled: boolean }): Promise<CalendarView> {
    if (this.store.count() >= MAX_CALENDARS)
      throw new HubError("LIMIT_REACHED", `at most ${MAX_CALENDARS} calendars`, { limit: MAX_CALENDARS });
    const calendar = this.store.add(body);
    if (calendar.enabled) await this.fetchOne(calendar.id);
    return this.view(calendar.id);
  }

  /**
   * Edits a calendar: a new address is fetched at once (the old one's events are dropped), enabling
   * fetches it, disabling drops its events from the topic.
   * @throws HubError NOT_FOUND
   */
  async edit(
    id: string,
    patch: { label?: string; colour?: string; url?: string; enabled?: boolean },
  ): Promise<CalendarView> {
    const before = this.existing(id);
    this.store.edit(id, patch);
    const after = this.existing(id);
    if (after.url !== before.url) this.forget(id);
    if (after.enabled && (after.url !== before.url || !before.enabled)) await this.fetchOne(id);
    else this.publish();
    return this.view(id);
  }

  /** Removes a calendar and its events. @throws HubError NOT_FOUND */
  remove(id: string): void {
    if (!this.store.remove(id)) throw new HubError("NOT_FOUND", "no such calendar");
    this.forget(id);
    this.publish();
  }

  /** Fetches calendar `id` now and answers it. @throws HubError NOT_FOUND */
  async fetchNow(id: string): Promise<CalendarView> {
    this.existing(id);
    await this.fetchOne(id);
    return this.view(id);
  }

  /** Fetches every enabled calendar (one at a time), then publishes. */
  async fetchAll(): Promise<void> {
    for (const calendar of this.store.all())
      if (calendar.enabled && !this.stopped) await this.fetchOne(calendar.id, false);
    this.publish();
  }

  private forget(id: string): void {
    this.expanded.delete(id);
    this.refusedFrom.delete(id);
    this.counts.delete(id);
  }

  private existing(id: string): StoredCalendar {
    const calendar = this.store.get(id);
    if (!calendar) throw new HubError("NOT_FOUND", "no such calendar");
    return calendar;
  }

  private view(id: string): CalendarView {
    return this.viewOf(this.existing(id));
  }

  private viewOf(calendar: StoredCalendar): CalendarView {
    return {
      id: calendar.id,
      label: calendar.label,
      colour: calendar.colour,
      enabled: calendar.enabled,
      address: maskedAddress(calendar.url),
      fetchedAt: calendar.fetchedAt,
      events: calendar.enabled ? (this.counts.get(calendar.id) ?? 0) : 0,
      error: calendar.error,
    };
  }

  /**
   * Expands the stored file of `id` for today's window in the worker, unless a fetch replaces its
   * file meanwhile, then publishes when `publish`. A file refused for this window keeps its previous
   * window's events, if any (the refusal stored as the calendar's error and logged; not tried again
   * until the next day or file).
   */
  private async refresh(id: string, publish = true): Promise<void> {
    const [from, to] = this.window();
    if (this.refreshing.has(id) || this.refusedFrom.get(id) === from) return;
    const url = this.store.get(id)?.url;
    const body = this.store.body(id);
    if (!body) return;
    this.refreshing.add(id);
    const before = this.expanded.get(id);
    // A fetch's new file, an edited address or a removal meanwhile wins over this (older) file.
    const outdated = () => this.stopped || this.expanded.get(id) !== before || this.store.get(id)?.url !== url;
    try {
      const { occurrences } = await this.parser.parse(body, from, to);
      if (outdated()) return;
      this.expanded.set(id, { from, occurrences });
    } catch (error) {
      if (outdated()) return;
      const code = error instanceof CalendarFailure ? error.code : "invalid";
      this.refusedFrom.set(id, from);
      this.store.failed(id, { code, at: new Date(this.now()).toISOString() });
      this.log.warn({ calendar: id, code, error: String(error) }, "stored calendar file refused for today's window");
      return;
    } finally {
      this.refreshing.delete(id);
    }
    if (publish) this.publish();
  }

  /** One fetch of `id` at a time: a second call waits for the one under way. */
  private fetchOne(id: string, publish = true): Promise<void> {
    const running = this.running.get(id);
    if (running) return running;
    const work = this.fetchAndParse(id, publish).finally(() => this.running.delete(id));
    this.running.set(id, work);
    return work;
  }

  private async fetchAndParse(id: string, publish: boolean): Promise<void> {
    const calendar = this.store.get(id);
    if (!calendar) return;
    const at = () => new Date(this.now()).toISOString();
    try {
      const known = this.expanded.has(id) ? calendar.validators : { etag: null, lastModified: null };
      const outcome = await fetchIcs(calendar.url, known, this.limits);
      if (this.store.get(id)?.url !== calendar.url) return; // edited meanwhile
      if (outcome.status === "not-modified") {
        this.store.fetched(id, at(), null, null);
      } else {
        const [from, to] = this.window();
        // Checked, parsed and expanded in the worker: a refused file never replaces the last good one.
        const { occurrences } = await this.parser.parse(outcome.body, from, to);
        if (this.stopped || this.store.get(id)?.url !== calendar.url) return;
        this.expanded.set(id, { from, occurrences });
        this.refusedFrom.delete(id);
        this.store.fetched(id, at(), outcome.body, { etag: outcome.etag, lastModified: outcome.lastModified });
      }
    } catch (error) {
      if (this.stopped) return;
      const failure =
        error instanceof CalendarFailure
          ? error
          : new CalendarFailure("invalid", error instanceof Error ? error.message : "failed");
      const stored: CalendarError = {
        code: failure.code,
        at: at(),
        ...(failure.status === undefined ? {} : { status: failure.status }),
      };
      this.store.failed(id, stored);
      this.log.warn(
        { calendar: id, code: failure.code, reason: failure.message },
        "calendar fetch failed; its last good events kept",
      );
    }
    if (publish) this.publish();
  }

  /** Today's start and the end of the 14th day after it, household time, epoch ms. */
  private window(): [number, number] {
    const now = this.now();
    return [startOfHouseholdDay(now), startOfHouseholdDay(now, CALENDAR_DAYS_AHEAD + 1)];
  }

  /**
   * Publishes the merged events of every enabled calendar retained (the extra source's only while none
   * is enabled). A calendar expanded for an earlier day's window is expanded again in the worker
   * (published once done); meanwhile its occurrences still in today's window are published.
   */
  publish(): void {
    if (this.stopped) return;
    const [from, to] = this.window();
    const events: { occurrence: Occurrence; event: CalendarEvent }[] = [];
    for (const calendar of this.store.all()) {
      if (!calendar.enabled) continue;
      const expansion = this.expanded.get(calendar.id);
      if (expansion?.from !== from) void this.refresh(calendar.id);
      if (!expansion) continue;
      const occurrences =
        expansion.from === from
          ? expansion.occurrences
          : expansion.occurrences.filter((occurrence) => occurrence.end > from && occurrence.start < to);
      this.counts.set(calendar.id, occurrences.length);
      for (const occurrence of occurrences) events.push({ occurrence, event: eventOf(occurrence, calendar) });
    }
    const own = this.store.all().some((calendar) => calendar.enabled);
    for (const event of own ? [] : (this.extra?.() ?? []))
      events.push({
        occurrence: { uid: event.uid, summary: event.summary, start: Date.parse(event.dtstart), end: 0, allDay: false },
        event,
      });
    events.sort(
      (a, b) => a.occurrence.start - b.occurrence.start || a.event.summary.localeCompare(b.event.summary, "pl"),
    );
    const payload = events.slice(0, MAX_CALENDAR_EVENTS).map((entry) => entry.event);
    this.link.publish(CALENDAR_EVENTS_TOPIC, JSON.stringify(payload), { retain: true, qos: 1 });
  }
}

/** An occurrence as the topic carries it: its uid made unique across calendars, its calendar and colour. */
function eventOf(occurrence: Occurrence, calendar: StoredCalendar): CalendarEvent {
  return {
    uid: `${calendar.id}/${occurrence.uid}`.slice(0, 200),
    summary: occurrence.summary,
    dtstart: new Date(occurrence.start).toISOString(),
    ...(occurrence.end > occurrence.start ? { dtend: new Date(occurrence.end).toISOString() } : {}),
    ...(occurrence.location ? { location: occurrence.location } : {}),
    ...(occurrence.allDay ? { allDay: true } : {}),
    calendar: calendar.id,
    color: calendar.colour,
  };
}
