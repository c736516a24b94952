import { describe, expect, it, vi } from "vitest";
import * as v from "valibot";
import { BrokerLinkDownError, type BrokerLink } from "../broker/link";
import type { HubError } from "../core/errors";
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

describe("GarageService", () => {
  it("addresses the configured shutter number", async () => {
    const { link: l, publish } = link(true);
    await new GarageService(l, household).send("gate", "close");
    expect(publish).toHaveBeenCalledWith("cmnd/brama/ShutterClose2", "", { retain: false, qos: 1 });
  });

  it("with the broker link down refuses with DEVICE_UNREACHABLE and sends nothing (never queued)", async () => {
    const { link: l, publish } = link(false);
    await expect(new GarageService(l, household).send("gate", "open")).rejects.toMatchObject({
      code: "DEVICE_UNREACHABLE",
    } satisfies Partial<HubError>);
    expect(publish).not.toHaveBeenCalled();
  });

  it("a door not in the household is NOT_FOUND", async () => {
    const { link: l } = link(true);
    await expect(new GarageService(l, household).send("garage", "open")).rejects.toMatchObject({
      code: "NOT_FOUND",
    } satisfies Partial<HubError>);
  });
});
