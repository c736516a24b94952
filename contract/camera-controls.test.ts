import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  NightmodeBodySchema,
  PtzBodySchema,
  RecordingSchema,
  RecordingsQuerySchema,
  recordingLockPath,
  recordingsPath,
} from "./camera-controls";
import { PTZ_DEFAULT_DURATION_MS } from "./cameras";

/** The dotted path of the first issue, as the hub names the field in a 400. */
const fieldOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : (result.issues[0].path?.map((item) => String(item.key)).join(".") ?? "body");
};

describe("camera controls contract", () => {
  it("PTZ: duration defaults to 250 (spec §9), velocities -1..1 default 0, at least one non-zero (named as pan)", () => {
    expect(v.parse(PtzBodySchema, { tilt: -1 })).toEqual({
      duration: PTZ_DEFAULT_DURATION_MS,
      pan: 0,
      tilt: -1,
      zoom: 0,
    });
    expect(v.parse(PtzBodySchema, { zoom: 0.5, duration: 5000 })).toMatchObject({ zoom: 0.5, duration: 5000 });
    expect(fieldOf(PtzBodySchema, {})).toBe("pan");
    expect(fieldOf(PtzBodySchema, { pan: 1.01 })).toBe("pan");
    expect(fieldOf(PtzBodySchema, { zoom: Number.NaN })).toBe("zoom");
    expect(fieldOf(PtzBodySchema, { pan: 1, duration: 49 })).toBe("duration");
    expect(fieldOf(PtzBodySchema, { pan: 1, duration: 5001 })).toBe("duration");
  });

  it("night mode is a boolean mode; recordings list query and paths", () => {
    expect(v.parse(NightmodeBodySchema, { mode: false })).toEqual({ mode: false });
    expect(fieldOf(NightmodeBodySchema, { mode: "auto" })).toBe("mode");
    expect(fieldOf(RecordingsQuerySchema, { cameraId: "a/b" })).toBe("cameraId");
    expect(recordingsPath("zoom")).toBe("/recordings?cameraId=zoom");
    expect(recordingLockPath("rec-1")).toBe("/recordings/lock/rec-1");
    expect(
      v.is(RecordingSchema, {
        id: "rec-1",
        cameraId: "zoom",
        startedAt: "2026-11-23T00:00:00.000Z",
        durationMs: 5000,
        bytes: 1,
        locked: true,
      }),
    ).toBe(true);
  });
});
