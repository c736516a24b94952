import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Capability, ListedDevice } from "../devices";
import {
  boundsProblem,
  capabilityLeaves,
  decodeValue,
  encodeValue,
  refOf,
  settableCapabilities,
  triggerCapabilities,
} from "./deviceChoices";

type Entry = { friendly_name: string; definition?: { exposes: unknown[] } | null };
const ENTRIES = (
  JSON.parse(readFileSync(join(process.cwd(), "tests/fixtures/zigbee2mqtt/bridge_devices_household.json"), "utf8")) as {
    payload: Entry[];
  }
).payload;

const listed = (id: string, source: ListedDevice["source"], capabilities: Capability[]): ListedDevice => ({
  id,
  source,
  name: id.slice(id.indexOf(":") + 1),
  model: null,
  vendor: null,
  availability: "online",
  lastSeen: null,
  capabilities,
  firstSeen: "2026-11-27T08:00:00.000Z",
  seen: true,
  adoption: null,
});
const zigbee = (name: string) =>
  listed(
    `zigbee2mqtt:${name}`,
    "zigbee2mqtt",
    (ENTRIES.find((entry) => entry.friendly_name === name)?.definition?.exposes ?? []) as Capability[],
  );

/** A Tasmota 2-relay device and a button as hub/devices/tasmota-discovery.ts describes them. */
const TASMOTA = listed("tasmota:tasmota_B34C5D", "tasmota", [
  {
    type: "switch",
    endpoint: "l2",
    features: [
      {
        type: "binary",
        name: "state",
        property: "POWER2",
        endpoint: "l2",
        access: 7,
        value_on: "ON",
        value_off: "OFF",
        value_toggle: "TOGGLE",
      },
    ],
  },
  { type: "enum", name: "action", property: "Button1.Action", endpoint: "b1", access: 1, values: ["SINGLE", "HOLD"] },
]);

describe("the capabilities an automation names, as the hub reads them", () => {
  it("a Zigbee2MQTT endpoint's capability is its feature's name and the endpoint (the hub reads <property>_<endpoint>)", () => {
    const relay = zigbee("Hall relay");
    const states = settableCapabilities(relay).filter((leaf) => leaf.name === "state");
    expect(states.map((leaf) => refOf(relay, leaf))).toEqual([
      { property: "state", endpoint: "l1" },
      { property: "state", endpoint: "l2" },
    ]);
    const plug = zigbee("Kitchen plug");
    expect(triggerCapabilities(plug).map((leaf) => refOf(plug, leaf).property)).toContain("power");
    expect(settableCapabilities(plug).map((leaf) => leaf.property)).not.toContain("power"); // read only
  });

  it("a Tasmota capability keeps its own property (POWER2, Button1.Action) with its endpoint", () => {
    expect(triggerCapabilities(TASMOTA).map((leaf) => refOf(TASMOTA, leaf))).toEqual([
      { property: "POWER2", endpoint: "l2" },
      { property: "Button1.Action", endpoint: "b1" },
    ]);
    expect(settableCapabilities(TASMOTA).map((leaf) => leaf.property)).toEqual(["POWER2"]);
  });

  it("a light's features are offered, a colour's x and y (one value) are not; a button's action is published, not settable", () => {
    const bulb = capabilityLeaves(zigbee("Living room bulb").capabilities).map((leaf) => leaf.property);
    expect(bulb).toEqual(expect.arrayContaining(["state", "brightness", "color_temp"]));
    expect(bulb).not.toContain("x");
    const button = zigbee("Bedside button");
    expect(triggerCapabilities(button).map((leaf) => leaf.property)).toContain("action");
    expect(settableCapabilities(button).map((leaf) => leaf.property)).not.toContain("action");
  });

  it("bounds of a number, and values through a select's option text", () => {
    const valve = zigbee("Living room valve");
    const setPoint = settableCapabilities(valve).find((leaf) => leaf.property === "occupied_heating_setpoint");
    if (!setPoint) throw new Error("the valve has no set point");
    expect(boundsProblem(setPoint, 21.5)).toBeNull();
    expect(boundsProblem(setPoint, 4)).toEqual({ key: "automations.editor.between", values: { min: 5, max: 35 } });
    expect(boundsProblem({ ...setPoint, value_max: undefined }, 4)).toEqual({
      key: "automations.editor.atLeast",
      values: { min: 5 },
    });
    for (const value of ["ON", false, 3, "3"]) expect(decodeValue(encodeValue(value))).toBe(value);
    expect(decodeValue("{}")).toBeUndefined();
    expect(decodeValue("not json")).toBeUndefined();
  });
});
