import ICAL from "ical.js";
import type { CalendarErrorCode } from "../../contract/calendar";
import { HOUSEHOLD_ZONE, ianaZoneOf, wallTimeToEpoch } from "./zones";

/** Longest physical line of an ICS file the hub reads, characters (RFC 5545 folds at 75 octets). */
export const MAX_ICS_LINE = 64 * 1024;
/** Deepest nesting of components (VCALENDAR > VEVENT > VALARM is 3; VTIMEZONE > STANDARD is 3). */
export const MAX_ICS_DEPTH = 8;
/** Most VEVENTs one file may hold. */
export const MAX_ICS_EVENTS = 20_000;
/** Most recurrence steps one calendar's expansion may take (every rule of the file together). */
export const MAX_RECURRENCE_STEPS = 100_000;
/**
 * Longest one calendar's expansion may run, ms: a safety net behind {@link MAX_RECURRENCE_STEPS}
 * (about 0.5 s on an idle Raspberry-class core), checked by {@link expandIcs} itself; parser.ts ends
 * the calendar worker when a whole file's reading and expansion run past it.
 */
export const MAX_EXPANSION_MS = 5_000;

/** A calendar refused: its {@link CalendarErrorCode} (and the HTTP status for `http`). */
export class CalendarFailure extends Error {
  constructor(
    readonly code: CalendarErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CalendarFailure";
  }
}

/**
 * The text of an ICS file's bytes, checked before any parsing: UTF-8 (a byte-order mark dropped),
 * no NUL bytes, starting with `BEGIN:VCALENDAR`, no line over {@link MAX_ICS_LINE}, components
 * nested at most {@link MAX_ICS_DEPTH} deep, at most {@link MAX_ICS_EVENTS} VEVENTs.
 * @throws CalendarFailure `binary`, `not_ics`, `line_too_long`, `too_deep`, `too_many_events`
 */
export function checkIcs(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CalendarFailure("binary", "not UTF-8 text");
  }
  if (text.includes("\u0000")) throw new CalendarFailure("binary", "NUL bytes in the file");
  if (
    !/^\s*BEGIN:VCALENDAR\s*$/im.test(
      text
        .slice(0, 1024)
        .split(/\r?\n/)
        .find((l) => l.trim() !== "") ?? "",
    )
  )
    throw new CalendarFailure("not_ics", "does not start with BEGIN:VCALENDAR");
  let depth = 0;
  let events = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end - start > MAX_ICS_LINE)
      throw new CalendarFailure("line_too_long", `a line over ${MAX_ICS_LINE} characters`);
    const code = text.charCodeAt(start);
    if (code === 66 || code === 98 || code === 69 || code === 101) {
      const head = text.slice(start, Math.min(end, start + 16)).toUpperCase();
      if (head.startsWith("BEGIN:")) {
        depth += 1;
        if (depth > MAX_ICS_DEPTH)
          throw new CalendarFailure("too_deep", `components nested over ${MAX_ICS_DEPTH} deep`);
        if (head.startsWith("BEGIN:VEVENT") && ++events > MAX_ICS_EVENTS)
          throw new CalendarFailure("too_many_events", `over ${MAX_ICS_EVENTS} events`);
      } else if (head.startsWith("END:")) depth -= 1;
    }
    start = end + 1;
  }
  return text;
}

/** An ICS file parsed: its events, each recurring one with its overrides (RECURRENCE-ID) related. */
export type ParsedIcs = { readonly events: readonly ICAL.Event[]; readonly skipped: number };

/**
 * Parses checked ICS text (ical.js): the VEVENTs, overrides (RECURRENCE-ID) related to their
 * series (an override whose series is absent stands alone); cancelled events dropped; an event
 * ical.js cannot read is skipped and counted.
 * @throws CalendarFailure `invalid` when the file itself does not parse, or holds no VCALENDAR
 */
export function parseIcs(text: string): ParsedIcs {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new CalendarFailure("invalid", `not iCalendar: ${error instanceof Error ? error.message : "parse error"}`);
  }
  if (root.name !== "vcalendar") throw new CalendarFailure("not_ics", "no VCALENDAR");
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Event[] = [];
  const events: ICAL.Event[] = [];
  let skipped = 0;
  for (const component of root.getAllSubcomponents("vevent")) {
    try {
      if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
      // exceptions: [] so ical.js does not scan every VEVENT per event (quadratic); overrides are related below.
      const event = new ICAL.Event(component, { exceptions: [] });
      if (!event.startDate) {
        skipped += 1;
        continue;
      }
      if (event.isRecurrenceException()) overrides.push(event);
      else {
        masters.set(event.uid, event);
        events.push(event);
      }
    } catch {
      skipped += 1;
    }
  }
  for (const override of overrides) {
    const master = masters.get(override.uid);
    try {
      if (master?.isRecurring()) {
        // Exchange writes a DATE-TIME RECURRENCE-ID (midnight in its zone) for an all-day series: match it by its date.
        if (master.startDate.isDate && !override.recurrenceId.isDate) {
          const date = override.recurrenceId.clone();
          date.isDate = true;
          override.recurrenceId = date;
        }
        master.relateException(override);
      } else events.push(override);
    } catch {
      skipped += 1;
    }
  }
  return { events, skipped };
}

/** One occurrence in the household's time: epoch ms, `allDay` for a DATE-valued start. */
export type Occurrence = {
  uid: string;
  summary: string;
  location?: string;
  start: number;
  end: number;
  allDay: boolean;
};

/** The instant of `time`: its VTIMEZONE when the file has it, else its TZID (IANA or Windows) by Intl, UTC for Z, the household's zone when floating; a DATE at the household's midnight. */
function epochOf(time: ICAL.Time, tzid: string | null): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  if (time.isDate) return wallTimeToEpoch({ ...wall, hour: 0, minute: 0, second: 0 }, HOUSEHOLD_ZONE);
  const zone = time.zone;
  if (zone && zone.tzid !== "floating" && zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallTimeToEpoch(wall, ianaZoneOf(tzid));
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** `text` as one line of at most `max` characters: control characters (new lines) become spaces. */
const clean = (text: unknown, max: number): string =>
  String(text ?? "")
    .replace(CONTROL, " ")
    .trim()
    .slice(0, max);

/** What {@link expandIcs} counts against: steps taken and the deadline. */
type Budget = { steps: number; readonly deadline: number };

function spend(budget: Budget): void {
  budget.steps += 1;
  if (budget.steps > MAX_RECURRENCE_STEPS || (budget.steps % 512 === 0 && Date.now() > budget.deadline))
    throw new CalendarFailure(
      "too_many_recurrences",
      `expanding took over ${MAX_RECURRENCE_STEPS} steps or ${MAX_EXPANSION_MS} ms`,
    );
}

function occurrenceOf(item: ICAL.Event, startTime: ICAL.Time, endTime: ICAL.Time | null, uid: string): Occurrence {
  const startTzid = item.component.getFirstProperty("dtstart")?.getParameter("tzid") ?? null;
  const endTzid = item.component.getFirstProperty("dtend")?.getParameter("tzid") ?? startTzid;
  const start = epochOf(startTime, typeof startTzid === "string" ? startTzid : null);
  let end = endTime ? epochOf(endTime, typeof endTzid === "string" ? endTzid : null) : start;
  if (startTime.isDate && end <= start)
    end = wallTimeToEpoch(
      { year: startTime.year, month: startTime.month, day: startTime.day + 1, hour: 0, minute: 0, second: 0 },
      HOUSEHOLD_ZONE,
    );
  if (end < start) end = start;
  const location = clean(item.location, 200);
  return {
    uid,
    summary: clean(item.summary, 200) || "(bez tytułu)",
    ...(location ? { location } : {}),
    start,
    end,
    allDay: startTime.isDate,
  };
}

const DAY_MS = 86_400_000;
/** How far before the window a series is expanded (an occurrence may last into it, an override move into it). */
const LOOK_BEFORE_MS = 31 * DAY_MS;

/**
 * A later start for expanding `event`'s series without walking its years before `from`: for one
 * DAILY or WEEKLY RRULE without COUNT or BYSETPOS, its DTSTART moved forward by whole periods
 * (INTERVAL days or weeks, wall-clock, so in phase with every occurrence) to at least
 * {@link LOOK_BEFORE_MS} before `from`. Undefined when the series must be walked from its start.
 */
function fastForward(event: ICAL.Event, from: number): ICAL.Time | undefined {
  const rules = event.component.getAllProperties("rrule");
  if (rules.length !== 1) return undefined;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count || rule.parts.BYSETPOS) return undefined;
  const days = rule.freq === "DAILY" ? 1 : rule.freq === "WEEKLY" ? 7 : 0;
  if (days === 0) return undefined;
  const step = days * Math.max(1, rule.interval || 1);
  const jumps = Math.floor((from - LOOK_BEFORE_MS - epochOf(event.startDate, null)) / DAY_MS / step);
  if (!(jumps > 0)) return undefined;
  const start = event.startDate.clone();
  start.adjust(jumps * step, 0, 0, 0);
  return start;
}

/**
 * The occurrences of `parsed` that overlap [`from`, `to`) (epoch ms), each recurring event expanded
 * by its RRULE / RDATE less EXDATE with its overrides in place: wall-clock times kept across DST
 * changes in the event's zone (a long DAILY or WEEKLY series starts near the window: fastForward).
 * Each occurrence's `uid` is the event's UID, and for a recurring one
 * `@` its RECURRENCE-ID. One event ical.js cannot expand is skipped.
 * @throws CalendarFailure `too_many_recurrences` past {@link MAX_RECURRENCE_STEPS} steps or
 *   {@link MAX_EXPANSION_MS}
 */
export function expandIcs(parsed: ParsedIcs, from: number, to: number, now: () => number = Date.now): Occurrence[] {
  const budget: Budget = { steps: 0, deadline: now() + MAX_EXPANSION_MS };
  const out: Occurrence[] = [];
  for (const [index, event] of parsed.events.entries()) {
    spend(budget);
    const eventUid = clean(event.uid, 120) || `event-${index}`;
    try {
      if (!event.isRecurring()) {
        const occurrence = occurrenceOf(event, event.startDate, event.endDate ?? null, eventUid);
        if (occurrence.end > from && occurrence.start < to) out.push(occurrence);
        continue;
      }
      const iterator = event.iterator(fastForward(event, from));
      for (let next = iterator.next(); next; next = iterator.next()) {
        spend(budget);
        const details = event.getOccurrenceDetails(next);
        const uid = `${eventUid}@${details.recurrenceId.toString()}`;
        const occurrence = occurrenceOf(details.item, details.startDate, details.endDate, uid);
        // Overrides may move an occurrence anywhere: look a little past the window before stopping.
        if (epochOf(next, null) >= to + LOOK_BEFORE_MS) break;
        if (occurrence.end > from && occurrence.start < to) out.push(occurrence);
      }
    } catch (error) {
      if (error instanceof CalendarFailure) throw error;
      // one broken event (an EXDATE ical.js cannot read): skipped, the rest shown
    }
  }
  return out;
}
