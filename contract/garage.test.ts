import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  ConstantStopBodySchema,
  DoorStatePayloadSchema,
  GarageCommandAnswerSchema,
  doorStateOf,
  garagePath,
  garageStateTopic,
} from "./garage";

describe("garage contract", () => {
  it("paths and topic", () => {
    expect(garagePath("garage", "open")).toBe("/garage/open");
    expect(garagePath("gate", "constantStop")).toBe("/gate/constantStop");
    expect(garageStateTopic("gate")).toBe("garage/gate/state");
  });

  it("constantStop takes a boolean value and nothing else", () => {
    expect(v.is(ConstantStopBodySchema, { value: true })).toBe(true);
    expect(v.is(ConstantStopBodySchema, { value: false })).toBe(true);
    for (const body of [{}, { value: 1 }, { value: "true" }, { value: true, extra: 1 }, null])
      expect(v.is(ConstantStopBodySchema, body), JSON.stringify(body)).toBe(false);
  });

  it("door state payload and answer", () => {
    const time = "2026-01-15T12:00:00.000Z";
    const where = { label: "Brama", room: "Garaż" };
    expect(
      v.is(DoorStatePayloadSchema, {
        ...where,
        state: "opening",
        position: 40,
        target: 100,
        constantStop: false,
        time,
      }),
    ).toBe(true);
    expect(
      v.is(DoorStatePayloadSchema, { ...where, state: "ajar", position: 40, target: 100, constantStop: false, time }),
    ).toBe(false);
    expect(
      v.is(DoorStatePayloadSchema, { ...where, state: "open", position: 101, target: 100, constantStop: false, time }),
    ).toBe(false);
    expect(v.is(GarageCommandAnswerSchema, { item: { door: "gate", command: "stop", sentAt: time } })).toBe(true);
    expect(v.is(GarageCommandAnswerSchema, { item: { door: "shed", command: "stop", sentAt: time } })).toBe(false);
  });

  it("state from position and Tasmota Direction", () => {
    expect(doorStateOf(10, 1)).toBe("opening");
    expect(doorStateOf(90, -1)).toBe("closing");
    expect(doorStateOf(100, 0)).toBe("open");
    expect(doorStateOf(0, 0)).toBe("closed");
    expect(doorStateOf(45, 0)).toBe("stopped");
  });
});
