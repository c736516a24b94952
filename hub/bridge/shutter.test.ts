import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { DoorStatePayloadSchema } from "../../contract/garage";
import { HouseholdSchema, type Household } from "../household/schema";
import { loadFixture } from "../testing/fixtures";
import { createShutterBridge } from "./shutter";
import { byTopic } from "../testing/translate";

const at = new Date("2026-01-15T12:00:00.000Z");
const household: Household = v.parse(HouseholdSchema, {
  garage: [
    { door: "garage", label: "Brama garażowa", room: "Garaż", device: "garaz" },
    { door: "gate", label: "Brama wjazdowa", room: "Garaż", device: "rollo-test", shutter: 1 },
  ],
});
const stateOf = (payload: string) => v.parse(DoorStatePayloadSchema, JSON.parse(payload));

describe("Tasmota shutter -> garage/<door>/state", () => {
  it("maps the real at-rest RESULT (Position 100, Direction 0) to open", () => {
    const fixture = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    const out = byTopic("tasmota", createShutterBridge(household))(fixture.topic, fixture.payload, at);
    expect(out.dropped).toEqual([]);
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]?.topic).toBe("garage/garage/state");
    expect(stateOf(out.messages[0]?.payload ?? "")).toEqual({
      label: "Brama garażowa",
      room: "Garaż",
      state: "open",
      position: 100,
      target: 100,
      constantStop: false,
      time: at.toISOString(),
      device: "garaz",
    });
  });

  it("maps the real moving tele/<t>/RESULT (no Target) to opening towards 100", () => {
    const fixture = loadFixture("tasmota/result_shutter_moving.json");
    const out = byTopic("tasmota", createShutterBridge(household))(fixture.topic, fixture.payload, at);
    expect(out.messages.map((m) => [m.topic, stateOf(m.payload)])).toEqual([
      [
        "garage/gate/state",
        {
          label: "Brama wjazdowa",
          room: "Garaż",
          state: "opening",
          position: 47,
          target: 100,
          constantStop: false,
          time: at.toISOString(),
          device: "rollo-test",
        },
      ],
    ]);
  });

  it("closing, closed and stopped mid-way", () => {
    const bridge = byTopic("tasmota", createShutterBridge(household));
    const report = (Position: number, Direction: number) =>
      bridge(
        "stat/garaz/RESULT",
        Buffer.from(
          JSON.stringify({ Shutter1: { Position, Direction, Target: Direction < 0 ? 0 : Position, Tilt: 0 } }),
        ),
        at,
      );
    expect(stateOf(report(60, -1).messages[0]?.payload ?? "").state).toBe("closing");
    expect(stateOf(report(0, 0).messages[0]?.payload ?? "").state).toBe("closed");
    expect(stateOf(report(35, 0).messages[0]?.payload ?? "").state).toBe("stopped");
  });

  it("the real ShutterLock answer republishes the last state with constantStop", () => {
    const bridge = byTopic("tasmota", createShutterBridge(household));
    const rest = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    const lock = loadFixture("tasmota/result_shutter_lock.json", "garaz");
    expect(bridge(lock.topic, lock.payload, at).messages).toEqual([]); // no position known yet
    const out = bridge(rest.topic, rest.payload, at);
    expect(stateOf(out.messages[0]?.payload ?? "").constantStop).toBe(true);
    const unlocked = bridge("stat/garaz/RESULT", Buffer.from('{"ShutterLock1":0}'), at);
    expect(stateOf(unlocked.messages[0]?.payload ?? "")).toMatchObject({ state: "open", constantStop: false });
  });

  it("drops hostile or malformed reports and ignores other devices and shutters", () => {
    const bridge = byTopic("tasmota", createShutterBridge(household));
    const send = (topic: string, text: string) => bridge(topic, Buffer.from(text), at);
    for (const body of [
      '{"Shutter1":{"Position":101,"Direction":0}}',
      '{"Shutter1":{"Position":50.5,"Direction":0}}',
      '{"Shutter1":{"Position":"50","Direction":0}}',
      '{"Shutter1":{"Position":50,"Direction":2}}',
      '{"Shutter1":{"Position":50,"Direction":0,"Target":-1}}',
      '{"ShutterLock1":"yes"}',
    ]) {
      const out = send("stat/garaz/RESULT", body);
      expect(out.messages, body).toEqual([]);
      expect(out.dropped, body).toHaveLength(1);
    }
    expect(
      send("stat/garaz/RESULT", '{"__proto__":{"Position":1},"Shutter2":{"Position":10,"Direction":0}}').messages,
    ).toEqual([]);
    expect(send("stat/garaz/RESULT", "not json").messages).toEqual([]);
    expect(
      send("stat/garaz/RESULT", `{"Shutter1":{"Position":1,"Direction":0,"Pad":"${"x".repeat(70_000)}"}}`).messages,
    ).toEqual([]);
    expect(send("stat/other/RESULT", '{"Shutter1":{"Position":10,"Direction":0}}').messages).toEqual([]);
    expect(send("stat/garaz/POWER1", '{"Shutter1":{"Position":10,"Direction":0}}').messages).toEqual([]);
    expect(send("stat/gar+az/RESULT", '{"Shutter1":{"Position":10,"Direction":0}}').messages).toEqual([]);
  });
});
