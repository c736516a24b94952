import { describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { readingParts, readingShape, readingText, type ReadingWords } from "./formatReading";

/** The words as useReadingWords builds them, from one locale's strings. */
function wordsOf(strings: typeof en): ReadingWords {
  const { doorOpen, doorClosed, binary } = strings.sensors;
  return {
    open: doorOpen,
    closed: doorClosed,
    detected: {
      occupancy: { on: binary.occupancyOn, off: binary.occupancyOff },
      leak: { on: binary.leakOn, off: binary.leakOff },
      smoke: { on: binary.smokeOn, off: binary.smokeOff },
    },
  };
}

describe("binary readings", () => {
  it("are words in English too: 'Motion' / 'No motion', 'Leak!' / 'Dry', 'Smoke!' / 'No smoke'", () => {
    const words = wordsOf(en);
    const text = (kind: "occupancy" | "leak" | "smoke", value: number) => readingText(readingParts(kind, value, words));
    expect([text("occupancy", 1), text("occupancy", 0)]).toEqual(["Motion", "No motion"]);
    expect([text("leak", 1), text("leak", 0)]).toEqual(["Leak!", "Dry"]);
    expect([text("smoke", 1), text("smoke", 0)]).toEqual(["Smoke!", "No smoke"]);
  });

  it("take the word's tile shape from the start, like the door", () => {
    for (const kind of ["door", "occupancy", "leak", "smoke"] as const) expect(readingShape(kind).word).toBe(true);
    expect(readingShape("co2").word).toBe(false);
  });
});
