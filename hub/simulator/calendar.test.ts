import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CalendarEventsPayloadSchema } from "../../contract/calendar";
import { demoCalendar } from "./calendar";

describe("demo calendar", () => {
  it("is a valid calendar/events payload with an event on now and events to come", () => {
    const now = new Date(2026, 10, 22, 12);
    const events = v.parse(CalendarEventsPayloadSchema, demoCalendar(now));
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(
      events.some((e) => Date.parse(e.dtstart) <= now.getTime() && Date.parse(e.dtend ?? e.dtstart) > now.getTime()),
    ).toBe(true);
    expect(events.filter((e) => Date.parse(e.dtstart) > now.getTime()).length).toBeGreaterThanOrEqual(3);
  });
});
