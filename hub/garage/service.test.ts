import { describe, expect, it, vi } from "vitest";
import * as v from "valibot";
import { DeviceRouter } from "../bridge/router";
import { BrokerLinkDownError, type BrokerLink } from "../broker/link";
import type { HubError } from "../core/errors";
import { startDevices } from "../devices/start";
import { HouseholdSchema } from "../household/schema";
import { GarageService } from "./service";

const household = v.parse(HouseholdSchema, {
  garage: [{ door: "gate", label: "Brama", room: "Podjazd", device: "brama", shutter: 2 }],
});

function link(connected: boolean) {
  const publish = vi.fn();
  const value: BrokerLink = {
    description: "fake",
    publish,
    subscribe: vi.fn(),
    publishCommand: async (topic, payload) => {
      if (!connected) throw new BrokerLinkDownError("link down");
      publish(topic, payload, { retain: false, qos: 1 });
    },
    close: async () => undefined,
  };
  return { link: value, publish };
}

/** The garage service on the hub's command path: the household's shutters in a device registry, sent through `l`. */
const garageOn = (l: BrokerLink) =>
  new GarageService(startDevices(new DeviceRouter(l), l, household).commands, household);

describe("GarageService", () => {
  it("addresses the configured shutter number", async () => {
    const { link: l, publish } = link(true);
    await garageOn(l).send("gate", "close");
    expect(publish).toHaveBeenCalledWith("cmnd/brama/ShutterClose2", "", { retain: false, qos: 1 });
  });

  it("with the broker link down refuses with DEVICE_UNREACHABLE and sends nothing (never queued)", async () => {
    const { link: l, publish } = link(false);
    await expect(garageOn(l).send("gate", "open")).rejects.toMatchObject({
      code: "DEVICE_UNREACHABLE",
    } satisfies Partial<HubError>);
    expect(publish).not.toHaveBeenCalled();
  });

  it("a door not in the household is NOT_FOUND", async () => {
    const { link: l } = link(true);
    await expect(garageOn(l).send("garage", "open")).rejects.toMatchObject({
      code: "NOT_FOUND",
    } satisfies Partial<HubError>);
  });
});
