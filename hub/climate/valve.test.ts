import { describe, expect, it } from "vitest";
import type { Device } from "../../contract/devices";
import { loadFixture } from "../testing/fixtures";
import { valveFields, valveMode, valveReport, valveSteps } from "./valve";

/** The Danfoss 014G2461 as the fixture's bridge/devices lists it, as a registry device (its climate only). */
function danfoss(): Device {
  const entries = loadFixture("zigbee2mqtt/bridge_devices_household.json").json as {
    friendly_name: string;
    definition: { exposes: Device["capabilities"] };
  }[];
  const entry = entries.find((item) => item.friendly_name === "Living room valve");
  const climate = entry?.definition.exposes.filter((item) => item.type === "climate") ?? [];
  return {
    id: "zigbee2mqtt:Living room valve",
    source: "zigbee2mqtt",
    name: "Living room valve",
    model: "014G2461",
    vendor: "Danfoss",
    availability: "online",
    lastSeen: null,
    capabilities: climate,
  };
}

/** A valve with an `off` system mode and `current_heating_setpoint` on endpoint l1 (the climate exposes' shape). */
const WITH_OFF: Device = {
  ...danfoss(),
  id: "zigbee2mqtt:Bedroom valve",
  name: "Bedroom valve",
  capabilities: [
    {
      type: "climate",
      endpoint: "l1",
      features: [
        { type: "numeric", name: "local_temperature", property: "local_temperature_l1", access: 5, unit: "°C" },
        {
          type: "numeric",
          name: "current_heating_setpoint",
          property: "current_heating_setpoint_l1",
          access: 7,
          value_min: 5,
          value_max: 30,
          value_step: 0.5,
          unit: "°C",
        },
        { type: "enum", name: "system_mode", property: "system_mode_l1", access: 7, values: ["off", "auto", "heat"] },
      ],
    },
  ],
};

describe("a valve as the heater: what each mode sets and what a report shows", () => {
  it("reads the Danfoss's set point range and modes from its exposes; off/on are its lowest/highest set point", () => {
    const fields = valveFields(danfoss());
    expect(fields).toMatchObject({ setpoint: "occupied_heating_setpoint", min: 5, max: 35, modes: ["heat"] });
    const report = valveReport(fields, { occupied_heating_setpoint: 21, system_mode: "heat" });
    expect(valveSteps(fields, "off", 22, report)).toEqual([{ property: "occupied_heating_setpoint", value: 5 }]);
    expect(valveSteps(fields, "on", 22, report)).toEqual([{ property: "occupied_heating_setpoint", value: 35 }]);
    expect(valveSteps(fields, "auto", 22, report)).toEqual([{ property: "occupied_heating_setpoint", value: 22 }]);
  });

  it("a valve with an off mode is switched off by system_mode and back to heat with the set point, on its endpoint", () => {
    const fields = valveFields(WITH_OFF, "l1");
    expect(fields).toMatchObject({
      setpoint: "current_heating_setpoint",
      setpointProperty: "current_heating_setpoint_l1",
    });
    const off = valveReport(fields, {
      current_heating_setpoint_l1: 20,
      system_mode_l1: "off",
      local_temperature_l1: 18,
    });
    expect(off).toMatchObject({ setpoint: 20, systemMode: "off", current: 18 });
    expect(valveSteps(fields, "off", 21, off)).toEqual([{ property: "system_mode", endpoint: "l1", value: "off" }]);
    expect(valveSteps(fields, "auto", 21, off)).toEqual([
      { property: "system_mode", endpoint: "l1", value: "heat" },
      { property: "current_heating_setpoint", endpoint: "l1", value: 21 },
    ]);
    expect(valveMode(fields, "auto", 21, off)).toBe("off");
  });

  it("the mode shown: the hub's while the valve reports what it sets, else read from the set point", () => {
    const fields = valveFields(danfoss());
    const at = (setpoint: number) => valveReport(fields, { occupied_heating_setpoint: setpoint });
    expect(valveMode(fields, "auto", 5, at(5))).toBe("auto");
    expect(valveMode(fields, "auto", 21, at(5))).toBe("off");
    expect(valveMode(fields, "off", 21, at(21))).toBe("auto");
    expect(valveMode(fields, "auto", 21, at(35))).toBe("on");
    expect(valveMode(fields, "on", 21, valveReport(fields, {}))).toBe("on");
  });

  it("heating from running_state, else the heating demand; junk values read as unknown", () => {
    const fields = valveFields(danfoss());
    expect(valveReport(fields, { running_state: "idle", pi_heating_demand: 40 }).heating).toBe(false);
    expect(valveReport(fields, { pi_heating_demand: 40 }).heating).toBe(true);
    expect(valveReport(fields, { pi_heating_demand: 0 }).heating).toBe(false);
    const junk = valveReport(fields, { occupied_heating_setpoint: "22", local_temperature: null, running_state: 1 });
    expect(junk).toEqual({ setpoint: undefined, systemMode: undefined, current: undefined, heating: undefined });
  });
});
