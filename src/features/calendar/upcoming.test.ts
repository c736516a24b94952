import { describe, expect, it } from "vitest";
import { upcomingEvents } from "./upcoming";

const now = Date.UTC(2026, 10, 22, 12, 0);
const at = (h: number, d = 22) => new Date(Date.UTC(2026, 10, d, h)).toISOString();

describe("upcoming calendar events", () => {
  it("lists events to come and on now, upcoming first, without finished ones, at most five", () => {
    const events = [
      { uid: "c", summary: "Kino", dtstart: at(18) },
      { uid: "a", summary: "Śniadanie", dtstart: at(8), dtend: at(9) },
      { uid: "b", summary: "Spotkanie", dtstart: at(11), dtend: at(13) },
      { uid: "d", summary: "Wywóz śmieci", dtstart: at(6, 24) },
      { uid: "e", summary: "A", dtstart: at(1, 25) },
      { uid: "f", summary: "B", dtstart: at(2, 25) },
      { uid: "g", summary: "C", dtstart: at(3, 25) },
    ];
    const list = upcomingEvents(events, now);
    expect(list.map((e) => e.uid)).toEqual(["b", "c", "d", "e", "f"]);
    expect(list[0]!.ongoing).toBe(true);
    expect(list[1]!.ongoing).toBe(false);
  });

  it("keeps an all-day event for its whole day", () => {
    const day = new Date(2026, 10, 22);
    const list = upcomingEvents(
      [{ uid: "x", summary: "Urodziny", dtstart: day.toISOString(), allDay: true }],
      day.getTime() + 20 * 3_600_000,
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.ongoing).toBe(true);
  });
});
