import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AdoptionSchema, type Adoption, type AdoptionInput } from "../../../contract/adoption";
import { startBridge } from "../../bridge/bridge";
import { DeviceRouter } from "../../bridge/router";
import type { BrokerLink, MessageHandler } from "../../broker/link";
import { HouseholdSchema } from "../../household/schema";
import { loadFixture } from "../../testing/fixtures";
import type { AdoptionChange, AdoptionSource } from "../adoption/source";
import { startDevices } from "../start";
import { startUses } from "./start";

/**
 * An in-memory broker link: delivers what a device publishes to matching subscriptions and records
 * what the hub publishes (the hub-level path is uses.test.ts, on the embedded broker).
 */
function fakeLink() {
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  const published: { topic: string; payload: string }[] = [];
  const matches = (filter: string, topic: string) => {
    const f = filter.split("/");
    const t = topic.split("/");
    if (f.at(-1) === "#") return f.slice(0, -1).every((part, i) => part === "+" || part === t[i]);
    return f.length === t.length && f.every((part, i) => part === "+" || part === t[i]);
  };
  const link: BrokerLink = {
    description: "fake",
    publish: (topic, payload) => void published.push({ topic, payload: payload.toString() }),
    subscribe: (filter, handler) => void handlers.push({ filter, handler }),
    publishCommand: async (topic, payload) => void published.push({ topic, payload }),
    close: async () => undefined,
  };
  const device = (topic: string, payload: Buffer | string) =>
    handlers.filter((h) => matches(h.filter, topic)).forEach((h) => h.handler(topic, Buffer.from(payload)));
  const take = () => published.splice(0);
  return { link, device, take };
}

/** An adoption source that changes as a household edits it (the database store's behaviour, adoption/source.ts). */
class ChangingAdoptions implements AdoptionSource {
  private readonly map = new Map<string, Adoption>();
  private readonly listeners = new Set<(change: AdoptionChange) => void>();
  get = (id: string) => this.map.get(id);
  all = () => this.map;
  onChange(listener: (change: AdoptionChange) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  set(id: string, input: AdoptionInput | null) {
    const adoption = input === null ? null : v.parse(AdoptionSchema, input);
    if (adoption === null) this.map.delete(id);
    else this.map.set(id, adoption);
    for (const listener of this.listeners) listener({ id, adoption });
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

function hubOn() {
  const { link, device, take } = fakeLink();
  const household = v.parse(HouseholdSchema, {});
  const router = new DeviceRouter(link, silent);
  const bridge = startBridge(link, household, silent, {
    known: { isKnownDevice: () => false },
    limits: { maxRetainedPerClient: 1000, maxRetainedTotal: 10_000 },
    router,
  });
  const devices = startDevices(router, link, household, silent);
  const adoptions = new ChangingAdoptions();
  startUses({ ...devices, adoptions }, { router, link, adoptSensors: bridge.adoptSensors });
  const list = loadFixture("zigbee2mqtt/bridge_devices_household.json");
  device(list.topic, list.payload);
  take();
  return { device, take, adoptions };
}

const weather = () => loadFixture("zigbee2mqtt/state_weather_sensor.json", "Balcony climate");

describe("an adoption applies without a restart", () => {
  it("a sensor adopted after start reads from the device's next message; unadopted, it stops", () => {
    const { device, take, adoptions } = hubOn();
    device("zigbee2mqtt/Balcony climate", weather().payload);
    expect(take().filter((message) => message.topic.startsWith("sensor/"))).toEqual([]);

    adoptions.set("zigbee2mqtt:Balcony climate", {
      use: { as: "sensor", kind: "humid", place: "balcony", property: "humidity" },
    });
    device("zigbee2mqtt/Balcony climate", weather().payload);
    expect(take().filter((message) => message.topic.startsWith("sensor/"))).toEqual([
      { topic: "sensor/humid/balcony", payload: expect.stringMatching(/^\{"value":58\.5,"time":"/) as string },
    ]);

    adoptions.set("zigbee2mqtt:Balcony climate", null);
    device("zigbee2mqtt/Balcony climate", weather().payload);
    expect(take().filter((message) => message.topic.startsWith("sensor/"))).toEqual([]);
  });

  it("a plug adopted after start shows its state as its switch; hidden, it shows nothing", () => {
    const { device, take, adoptions } = hubOn();
    device("zigbee2mqtt/Kitchen plug", '{"state":"ON","power":42.3}');
    expect(take().filter((message) => message.topic.startsWith("power/"))).toEqual([]);

    adoptions.set("zigbee2mqtt:Kitchen plug", { use: { as: "switch", name: "czajnik" } });
    device("zigbee2mqtt/Kitchen plug", '{"state":"ON","power":42.3}');
    expect(take().filter((message) => message.topic.startsWith("power/"))).toEqual([
      { topic: "power/czajnik/POWER", payload: '{"state":"ON"}' },
    ]);

    adoptions.set("zigbee2mqtt:Kitchen plug", { hidden: true, use: { as: "switch", name: "czajnik" } });
    device("zigbee2mqtt/Kitchen plug", '{"state":"OFF"}');
    expect(take().filter((message) => message.topic.startsWith("power/"))).toEqual([]);
  });
});
