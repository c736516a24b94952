import { describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { ownTracksLocation, parseOwnTracks } from "./owntracks";

describe("parseOwnTracks", () => {
  it("reads the OwnTracks location message: position, fix time, battery and accuracy", () => {
    const fixture = loadFixture("owntracks/location.json");
    expect(parseOwnTracks(fixture.topic, fixture.payload)).toEqual({
      kind: "fix",
      device: "kot/mruczek",
      fix: { lat: 52.164712, lon: 21.078905, timeMs: 1782033600_000, battery: 81, accuracyM: 12 },
    });
  });

  it("takes a fix without battery or accuracy (both optional in OwnTracks)", () => {
    const message = parseOwnTracks("owntracks/a/b", JSON.stringify({ _type: "location", lat: 1, lon: 2, tst: 10 }));
    expect(message).toEqual({
      kind: "fix",
      device: "a/b",
      fix: { lat: 1, lon: 2, timeMs: 10_000, battery: null, accuracyM: null },
    });
  });

  it("ignores other message types and subtopics", () => {
    expect(parseOwnTracks("owntracks/a/b", JSON.stringify({ _type: "lwt", tst: 1 })).kind).toBe("ignored");
    expect(
      parseOwnTracks("owntracks/a/b", JSON.stringify({ _type: "transition", event: "leave", lat: 1, lon: 2, tst: 3 }))
        .kind,
    ).toBe("ignored");
    expect(parseOwnTracks("owntracks/a/b/event", ownTracksLocation({ lat: 1, lon: 2, timeMs: 0 })).kind).toBe(
      "ignored",
    );
    expect(parseOwnTracks("owntracks/a/b", "").kind).toBe("ignored");
  });

  it.each([
    ["not JSON", "{lat: 1"],
    ["an array", "[1,2]"],
    ["latitude out of range", JSON.stringify({ _type: "location", lat: 91, lon: 0, tst: 1 })],
    ["longitude a string", JSON.stringify({ _type: "location", lat: 1, lon: "21.07", tst: 1 })],
    ["no fix time", JSON.stringify({ _type: "location", lat: 1, lon: 2 })],
    ["battery over 100", JSON.stringify({ _type: "location", lat: 1, lon: 2, tst: 1, batt: 300 })],
    ["negative accuracy", JSON.stringify({ _type: "location", lat: 1, lon: 2, tst: 1, acc: -5 })],
    ["huge payload", JSON.stringify({ _type: "location", lat: 1, lon: 2, tst: 1, pad: "x".repeat(20_000) })],
  ])("drops a bad payload (%s) with a reason and never throws", (_name, payload) => {
    const message = parseOwnTracks("owntracks/a/b", payload);
    expect(message.kind).toBe("dropped");
    if (message.kind === "dropped") expect(message.reason).not.toContain("21.07");
  });

  it("drops a payload with __proto__ without polluting anything", () => {
    const message = parseOwnTracks(
      "owntracks/a/b",
      '{"_type":"location","lat":1,"lon":2,"tst":1,"__proto__":{"polluted":true}}',
    );
    expect(message.kind).toBe("fix");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
