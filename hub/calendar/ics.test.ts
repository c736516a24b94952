import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CalendarFailure, checkIcs, expandIcs, MAX_EXPANSION_MS, MAX_ICS_LINE, parseIcs, type Occurrence } from "./ics";
import { startOfHouseholdDay } from "./zones";

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/ics/${name}`, import.meta.url));
const ics = (lines: string[]) =>
  new TextEncoder().encode(["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR"].join("\r\n"));
const DAY = 86_400_000;

/** The occurrences of `bytes` in the `days` household days from the one holding `from`. */
function expand(bytes: Uint8Array, from: string, days: number): Occurrence[] {
  const start = startOfHouseholdDay(Date.parse(from));
  return expandIcs(parseIcs(checkIcs(bytes)), start, startOfHouseholdDay(start, days)).sort(
    (a, b) => a.start - b.start,
  );
}
const warsaw = (epoch: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Warsaw", dateStyle: "short", timeStyle: "short" }).format(epoch);

/** Europe/Warsaw as Google and Nextcloud write it (last Sunday of March / October). */
const WARSAW_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Warsaw",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];
const weekly = (tz: string[]) =>
  ics([
    ...tz,
    "BEGIN:VEVENT",
    "UID:weekly-standup",
    "SUMMARY:Odprawa",
    "DTSTART;TZID=Europe/Warsaw:20260305T090000",
    "DTEND;TZID=Europe/Warsaw:20260305T093000",
    "RRULE:FREQ=WEEKLY;BYDAY=TH",
    "END:VEVENT",
  ]);

describe("recurrence across the Europe/Warsaw DST changes", () => {
  for (const [name, tz] of [
    ["with its VTIMEZONE", WARSAW_VTIMEZONE],
    ["by its IANA name alone", []],
  ] as const)
    it(`a weekly 09:00 event stays 09:00 local over the last Sunday of March and of October (${name})`, () => {
      const march = expand(weekly([...tz]), "2026-03-20T12:00:00Z", 14);
      expect(march.map((o) => warsaw(o.start))).toEqual(["2026-03-26 09:00", "2026-04-02 09:00"]);
      // 08:00 UTC before the change (CET), 07:00 UTC after (CEST)
      expect(march.map((o) => new Date(o.start).toISOString())).toEqual([
        "2026-03-26T08:00:00.000Z",
        "2026-04-02T07:00:00.000Z",
      ]);
      const october = expand(weekly([...tz]), "2026-10-20T12:00:00Z", 14);
      expect(october.map((o) => new Date(o.start).toISOString())).toEqual([
        "2026-10-22T07:00:00.000Z",
        "2026-10-29T08:00:00.000Z",
      ]);
      expect(october.every((o) => o.end - o.start === 30 * 60_000)).toBe(true);
    });
});

describe("long series", () => {
  it("a weekly series since 2010 with an EXDATE and a moved occurrence in the window expands quickly and right", () => {
    const series = ics([
      "BEGIN:VEVENT",
      "UID:choir",
      "SUMMARY:Chór",
      "DTSTART;TZID=Europe/Warsaw:20100107T190000",
      "DTEND;TZID=Europe/Warsaw:20100107T203000",
      "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH",
      "EXDATE;TZID=Europe/Warsaw:20260326T190000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:choir",
      "SUMMARY:Chór (koncert)",
      "RECURRENCE-ID;TZID=Europe/Warsaw:20260409T190000",
      "DTSTART;TZID=Europe/Warsaw:20260411T170000",
      "DTEND;TZID=Europe/Warsaw:20260411T190000",
      "END:VEVENT",
    ]);
    const started = performance.now();
    const occurrences = expand(series, "2026-03-01T12:00:00Z", 50);
    expect(performance.now() - started).toBeLessThan(500);
    // Every other Thursday from 7 January 2010: 12 March, (26 March excluded), 9 April moved to Saturday 11 April.
    expect(occurrences.map((o) => [warsaw(o.start), o.summary])).toEqual([
      ["2026-03-12 19:00", "Chór"],
      ["2026-04-11 17:00", "Chór (koncert)"],
    ]);
  });

  it("a large calendar (8,000 events, a tenth of them weekly) is read whole", () => {
    const lines: string[] = [];
    for (let i = 0; i < 8_000; i++)
      lines.push(
        "BEGIN:VEVENT",
        `UID:e${i}@example`,
        `SUMMARY:Wydarzenie ${i}`,
        `DTSTART:2026${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")}T090000Z`,
        "DURATION:PT1H",
        ...(i % 10 === 0 ? ["RRULE:FREQ=WEEKLY"] : []),
        "END:VEVENT",
      );
    const occurrences = expand(ics(lines), "2026-11-27T12:00:00Z", 15);
    expect(occurrences.length).toBeGreaterThan(1_000);
  });
});

describe("ICS exports of calendar applications", () => {
  it("Google: a RECURRENCE-ID override replaces its occurrence (America/Denver named without VTIMEZONE)", () => {
    const occurrences = expand(fixture("google-recurrence-order.ics"), "2026-02-09T12:00:00Z", 14);
    expect(occurrences.map((o) => [new Date(o.start).toISOString(), o.summary])).toEqual([
      ["2026-02-10T17:00:00.000Z", "TEST RECURR 3"],
      ["2026-02-11T17:30:00.000Z", "TEST RECURR 3 - MODIFIED"],
      ["2026-02-12T17:00:00.000Z", "TEST RECURR 3"],
    ]);
    expect(new Set(occurrences.map((o) => o.uid)).size).toBe(3);
  });

  it("Google: EXDATEs (comma-separated, US/Central) leave out their occurrences of a biweekly rule", () => {
    const occurrences = expand(fixture("biweekly-exdate-until.ics"), "2017-06-28T12:00:00Z", 35);
    // Biweekly Mon/Thu: 3, 6, 17, 20, 31 July; the 6th, 17th and 20th are excluded.
    expect(occurrences.map((o) => warsaw(o.start))).toEqual(["2017-07-03 16:00", "2017-07-31 16:00"]);
  });

  it("Google: a VTIMEZONE (Europe/Kiev) and an override inside a daily rule", () => {
    const occurrences = expand(fixture("google-calendar-kiev-tz.ics"), "2016-08-25T06:00:00Z", 7);
    expect(occurrences.map((o) => [new Date(o.start).toISOString(), o.summary])).toEqual([
      ["2016-08-25T11:00:00.000Z", "repeated"],
      ["2016-08-26T11:00:00.000Z", "bla bla"],
      ["2016-08-27T11:00:00.000Z", "repeated"],
      ["2016-08-28T11:00:00.000Z", "repeated"],
    ]);
  });

  it("Nextcloud (SabreDAV): an all-day event over several weeks is one all-day occurrence, household midnights", () => {
    const [holiday, ...rest] = expand(fixture("sabredav-school-holidays.ics"), "2018-07-27T12:00:00Z", 14);
    expect(rest).toEqual([]);
    expect(holiday).toMatchObject({ summary: "Sommerferien Sachsen", allDay: true });
    expect([warsaw(holiday!.start), warsaw(holiday!.end)]).toEqual(["2018-07-02 00:00", "2018-08-11 00:00"]);
  });

  it("Outlook / Exchange: an all-day weekly series with a moved occurrence (Windows zone names)", () => {
    const occurrences = expand(fixture("exchange_whole_day_moved_recurrence.ics"), "2026-02-23T12:00:00Z", 7);
    // Tue 24 and the Thursday 26th moved to Friday 27th, then Tue 3 March is past the window.
    expect(occurrences.map((o) => [warsaw(o.start), o.allDay])).toEqual([
      ["2026-02-24 00:00", true],
      ["2026-02-27 00:00", true],
    ]);
    expect(occurrences.every((o) => o.end - o.start === DAY)).toBe(true);
  });

  it("Outlook Web App: its display-name TZIDs are read as their UTC offset", () => {
    const occurrences = expand(fixture("Office-2012-owa.ics"), "2020-10-28T00:00:00Z", 1);
    expect(occurrences.map((o) => [new Date(o.start).toISOString(), o.summary])).toEqual([
      ["2020-10-28T03:30:00.000Z", "TEST Syd"],
      ["2020-10-28T18:30:00.000Z", "TEST"],
    ]);
  });

  it("Apple Calendar: UTC and TZID times; the cancelled event is left out", () => {
    const occurrences = expand(fixture("tentative-apple-calendar.ics"), "2022-07-04T12:00:00Z", 5);
    expect(occurrences.map((o) => [new Date(o.start).toISOString(), o.summary])).toEqual([
      ["2022-07-04T23:00:00.000Z", "Tentative"],
      ["2022-07-05T16:00:00.000Z", "Confirmed"],
      ["2022-07-07T16:00:00.000Z", "No Status"],
    ]);
  });

  it("Google birthdays: yearly all-day events from years back", () => {
    const occurrences = expand(fixture("google_birthday.ics"), "2014-12-08T12:00:00Z", 7);
    expect(occurrences.length).toBeGreaterThan(0);
    expect(occurrences.every((o) => o.allDay && warsaw(o.start).endsWith("00:00"))).toBe(true);
  });
});

describe("hostile files are refused with a clear error", () => {
  const refusal = (bytes: Uint8Array, from = "2026-11-27T12:00:00Z") => {
    try {
      expand(bytes, from, 15);
    } catch (error) {
      if (error instanceof CalendarFailure) return error.code;
      throw error;
    }
    return "accepted";
  };
  const event = (rule: string, start = "20200101T090000Z") => [
    "BEGIN:VEVENT",
    "UID:x",
    "SUMMARY:x",
    `DTSTART:${start}`,
    rule,
    "END:VEVENT",
  ];

  it("not ICS, binary, invalid UTF-8", () => {
    expect(refusal(new TextEncoder().encode("<html><body>Sign in</body></html>"))).toBe("not_ics");
    expect(refusal(Uint8Array.from([0x42, 0x45, 0x47, 0x49, 0x4e, 0x3a, 0x00, 0xff, 0xfe]))).toBe("binary");
    expect(refusal(fixture("../tasmota/../README.md"))).toBe("not_ics");
    expect(refusal(Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))).toBe("binary");
  });

  it("a huge line and deep nesting", () => {
    expect(refusal(ics([`X-JUNK:${"a".repeat(MAX_ICS_LINE + 1)}`]))).toBe("line_too_long");
    const deep = Array.from({ length: 10_000 }, (_, i) => `BEGIN:X${i}`);
    expect(refusal(ics(deep))).toBe("too_deep");
  });

  it("rules whose expansion has no end in sight (SECONDLY from years back, COUNT=1e9) stop within the bound", () => {
    for (const rule of ["RRULE:FREQ=SECONDLY;COUNT=1000000000", "RRULE:FREQ=MINUTELY"]) {
      const started = Date.now();
      expect(refusal(ics(event(rule)))).toBe("too_many_recurrences");
      expect(Date.now() - started).toBeLessThanOrEqual(MAX_EXPANSION_MS + 500);
    }
    // A daily rule of 1e9 occurrences starting now is fine: only the window is expanded.
    expect(refusal(ics(event("RRULE:FREQ=DAILY;COUNT=1000000000", "20261120T090000Z")))).toBe("accepted");
  });

  it("a rule that never matches (30 February) and a broken EXDATE do not hang or lose the other events", () => {
    const occurrences = expand(
      ics([
        ...event("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"),
        "BEGIN:VEVENT",
        "UID:broken",
        "SUMMARY:broken",
        "DTSTART:20261120T090000Z",
        "RRULE:FREQ=DAILY",
        "EXDATE:20261125",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:ok",
        "SUMMARY:Spotkanie",
        "DTSTART:20261128T090000Z",
        "END:VEVENT",
      ]),
      "2026-11-27T12:00:00Z",
      15,
    );
    expect(occurrences.map((o) => o.summary)).toContain("Spotkanie");
  });
});
