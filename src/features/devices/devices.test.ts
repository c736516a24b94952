import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CapabilitySchema, type Capability } from "../../../contract/devices";
import { ApiError } from "../../lib/api/errors";
import { fakeClient } from "../../test/render";
import { adoptionFormSchema, formValuesOf, type AdoptionFormValues } from "./adoptionForm";
import { fetchDevices } from "./api";
import { filterCounts, filterDevices, newestFirst } from "./list";
import { FIRST_SEEN_UNKNOWN, ListedDevicesReadSchema, type ListedDevice } from "./schemas";
import { choicesOf } from "./uses";

/** The exposes of one device of the real `bridge/devices` fixture (Zigbee2MQTT's own test data), as capabilities. */
function exposesOf(friendlyName: string): Capability[] {
  const file = join(__dirname, "../../../tests/fixtures/zigbee2mqtt/bridge_devices.json");
  const fixture = JSON.parse(readFileSync(file, "utf8")) as {
    payload: { friendly_name: string; definition: { exposes: unknown[] } | null }[];
  };
  const device = fixture.payload.find((entry) => entry.friendly_name === friendlyName);
  return v.parse(v.array(CapabilitySchema), device?.definition?.exposes ?? []);
}

const device = (name: string, extra: Partial<ListedDevice> = {}): ListedDevice => ({
  id: `zigbee2mqtt:${name}`,
  source: "zigbee2mqtt",
  name,
  model: null,
  vendor: null,
  availability: "online",
  lastSeen: null,
  capabilities: [],
  firstSeen: "2026-11-27T08:00:00.000Z",
  seen: true,
  adoption: null,
  ...extra,
});

/** The form's messages by field for `input`, {} when it passes. */
function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const parsed = v.safeParse(schema, input);
  return parsed.success ? {} : v.flatten(parsed.issues).nested;
}

const blankForm: AdoptionFormValues = {
  label: "",
  room: "",
  purpose: "",
  show: "home",
  hidden: false,
  use: "",
  switchName: "",
  sensorKind: "",
  sensorPlace: "",
  capability: "",
};

describe("GET /devices as the screen reads it", () => {
  it("reads a hub that lists plain registry devices: first seen unknown, not new, not adopted", () => {
    const { id, source, name, model, vendor, availability, lastSeen, capabilities } = device("bulb");
    const answer = { items: [{ id, source, name, model, vendor, availability, lastSeen, capabilities }] };
    expect(v.parse(ListedDevicesReadSchema, answer).items[0]).toMatchObject({
      firstSeen: FIRST_SEEN_UNKNOWN,
      seen: true,
      adoption: null,
    });
  });

  it("reads a listed device with its adoption, defaults of the contract applied", () => {
    const answer = { items: [{ ...device("bulb"), seen: false, adoption: { label: "Lampa" } }] };
    expect(v.parse(ListedDevicesReadSchema, answer).items[0]).toMatchObject({
      seen: false,
      adoption: { label: "Lampa", show: "home", hidden: false },
    });
  });

  it("refuses a list with a malformed device rather than showing half of it", () => {
    expect(v.safeParse(ListedDevicesReadSchema, { items: [{ ...device("x"), availability: "maybe" }] }).success).toBe(
      false,
    );
  });
});

describe("the list: newest first, filters and search", () => {
  const devices = [
    device("old", { firstSeen: "2026-11-01T00:00:00.000Z" }),
    device("Łazienka czujnik", { firstSeen: "2026-11-27T09:00:00.000Z", seen: false }),
    device("plug", {
      firstSeen: "2026-11-27T09:00:00.000Z",
      adoption: { label: "Ekspres", show: "home", hidden: false },
    }),
    device("hidden", { firstSeen: "2026-11-27T10:00:00.000Z", seen: false, adoption: { show: "none", hidden: true } }),
  ];

  it("lists the newest first, devices first seen together by name", () => {
    expect(newestFirst(devices).map((item) => item.name)).toEqual(["hidden", "plug", "Łazienka czujnik", "old"]);
  });

  it("leaves hidden devices out of 'all' and 'new' and lists only them under 'hidden'", () => {
    const sorted = newestFirst(devices);
    expect(filterDevices(sorted, "all", "").map((item) => item.name)).toEqual(["plug", "Łazienka czujnik", "old"]);
    expect(filterDevices(sorted, "new", "").map((item) => item.name)).toEqual(["Łazienka czujnik"]);
    expect(filterDevices(sorted, "hidden", "").map((item) => item.name)).toEqual(["hidden"]);
    expect(filterCounts(devices)).toEqual({ all: 3, new: 1, hidden: 1 });
  });

  it("finds by label or name, ignoring case and Polish letters", () => {
    expect(filterDevices(devices, "all", "lazienka").map((item) => item.name)).toEqual(["Łazienka czujnik"]);
    expect(filterDevices(devices, "all", " EKSPRES ").map((item) => item.name)).toEqual(["plug"]);
    expect(filterDevices(devices, "all", "plug").map((item) => item.name)).toEqual(["plug"]);
    expect(filterDevices(devices, "all", "nothing")).toEqual([]);
  });
});

describe("what a device can be used as", () => {
  it("offers a relay per endpoint and the covers of a zigfred plus, and no climate", () => {
    const choices = choicesOf(exposesOf("zigfred_plus"));
    expect(choices.switch.map((choice) => choice.property)).toEqual([
      "state_l1",
      "state_l2",
      "state_l3",
      "state_l4",
      "state_l5",
    ]);
    expect(choices.garage.map((choice) => choice.endpoint)).toEqual(["l6", "l7"]);
    expect(choices.gate).toEqual(choices.garage);
    expect(choices.heater).toEqual([]);
  });

  it("offers a weather sensor's readings as a sensor and nothing to switch", () => {
    const choices = choicesOf(exposesOf("weather_sensor"));
    expect(choices.switch).toEqual([]);
    expect(choices.garage).toEqual([]);
    expect(choices.sensor.map((choice) => `${choice.property} ${choice.unit ?? ""}`)).toEqual(
      expect.arrayContaining(["temperature °C", "humidity %", "pressure hPa", "battery %"]),
    );
  });

  it("offers nothing for a device without capabilities (unsupported)", () => {
    expect(Object.values(choicesOf([])).every((list) => list.length === 0)).toBe(true);
  });
});

describe("the adoption form", () => {
  const zigfred = choicesOf(exposesOf("zigfred_plus"));
  const weather = choicesOf(exposesOf("weather_sensor"));

  it("leaves blank texts out and keeps where it shows and hidden", () => {
    const parsed = v.safeParse(adoptionFormSchema(zigfred), { ...blankForm, label: "  Lampa ", show: "car" });
    expect(parsed.success && parsed.output).toEqual({ label: "Lampa", show: "car", hidden: false });
  });

  it("stores a relay as a switch with its name and endpoint", () => {
    const capability = zigfred.switch[1]?.key ?? "";
    const parsed = v.safeParse(adoptionFormSchema(zigfred), {
      ...blankForm,
      use: "switch",
      switchName: "kuchnia",
      capability,
    });
    expect(parsed.success && parsed.output.use).toEqual({ as: "switch", name: "kuchnia", endpoint: "l2" });
  });

  it("refuses a switch name that is not a topic-safe place, on that field", () => {
    const input = { ...blankForm, use: "switch", switchName: "Kuchnia/1", capability: zigfred.switch[0]?.key ?? "" };
    expect(fieldErrors(adoptionFormSchema(zigfred), input)).toEqual({ switchName: ["devices.form.placeInvalid"] });
  });

  it("stores a sensor with its kind, place and property, and refuses a missing kind", () => {
    const temperature = weather.sensor.find((choice) => choice.property === "temperature");
    const values = { ...blankForm, use: "sensor" as const, sensorPlace: "balcony", capability: temperature?.key ?? "" };
    const parsed = v.safeParse(adoptionFormSchema(weather), { ...values, sensorKind: "temp" });
    expect(parsed.success && parsed.output.use).toEqual({
      as: "sensor",
      kind: "temp",
      place: "balcony",
      property: "temperature",
    });
    expect(fieldErrors(adoptionFormSchema(weather), values)).toEqual({ sensorKind: ["devices.form.kindInvalid"] });
  });

  it("refuses a use the device's capabilities do not allow", () => {
    expect(fieldErrors(adoptionFormSchema(weather), { ...blankForm, use: "garage" })).toEqual({
      capability: ["devices.form.capabilityInvalid"],
    });
  });

  it("fills the form from a stored adoption, the relay chosen by its endpoint", () => {
    const adopted = device("zigfred_plus", {
      capabilities: exposesOf("zigfred_plus"),
      adoption: {
        label: "Kuchnia",
        room: "Kuchnia",
        show: "none",
        hidden: true,
        use: { as: "switch", name: "kuchnia", endpoint: "l3" },
      },
    });
    expect(formValuesOf(adopted, zigfred)).toMatchObject({
      label: "Kuchnia",
      room: "Kuchnia",
      show: "none",
      hidden: true,
      use: "switch",
      switchName: "kuchnia",
      capability: "state_l3|l3",
    });
  });

  it("offers a metering plug as solar by its power in W, taking its kWh counter, and fills the form back", () => {
    const file = join(__dirname, "../../../tests/fixtures/zigbee2mqtt/bridge_devices_household.json");
    const entries = (
      JSON.parse(readFileSync(file, "utf8")) as {
        payload: { friendly_name: string; definition: { exposes: unknown[] } | null }[];
      }
    ).payload;
    const exposes = v.parse(
      v.array(CapabilitySchema),
      entries.find((entry) => entry.friendly_name === "Desk plug")?.definition?.exposes ?? [],
    );
    const plug = choicesOf(exposes);
    expect(plug.solar.map((choice) => [choice.property, choice.energy])).toEqual([["power", "energy"]]);
    expect(weather.solar).toEqual([]);
    const values = { ...blankForm, use: "solar" as const, switchName: "balkon", capability: plug.solar[0]?.key ?? "" };
    const parsed = v.safeParse(adoptionFormSchema(plug), values);
    expect(parsed.success && parsed.output.use).toEqual({
      as: "solar",
      name: "balkon",
      power: "power",
      energy: "energy",
    });
    expect(fieldErrors(adoptionFormSchema(plug), { ...values, switchName: "Balkon 1" })).toEqual({
      switchName: ["devices.form.placeInvalid"],
    });
    const adopted = device("Desk plug", {
      capabilities: exposes,
      adoption: { show: "home", hidden: false, use: { as: "solar", name: "balkon", power: "power", energy: "energy" } },
    });
    expect(formValuesOf(adopted, plug)).toMatchObject({
      use: "solar",
      switchName: "balkon",
      capability: values.capability,
    });
  });
});

describe("GET /devices read in slices (fetchDevices)", () => {
  it("a household of 120 devices is read whole, in order; one malformed device refuses the list naming its place", async () => {
    const many = Array.from({ length: 120 }, (_, n) => device(`d${n}`));
    const { client } = fakeClient(() => ({ status: 200, body: { items: many } }));
    const read = await fetchDevices(client);
    expect(read.data.map((item) => item.name)).toEqual(many.map((item) => item.name));

    const broken = many.map((item, n) => (n === 70 ? { ...item, availability: "maybe" } : item));
    const { client: brokenClient } = fakeClient(() => ({ status: 200, body: { items: broken } }));
    const refused = await fetchDevices(brokenClient).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).kind).toBe("server");
    expect((refused as ApiError).message).toMatch(/items\.70\.availability/);
  });
});
