import { describe, expect, it, vi } from "vitest";
import * as v from "valibot";
import type { BrokerLink } from "../broker/link";
import type { HubError } from "../core/errors";
import { HouseholdSchema } from "../household/schema";
import { GarageService } from "./service";

const household = v.parse(HouseholdSchema, { garage: [{ door: "gate", label: "Brama", room: "Podjazd", device: "brama", shutter: 2 }] });

function link(connected: boolean) {
  const publish = vi.fn();
  const value: BrokerLink = { description: "fake", publish, subscribe: vi.fn(), isConnected: () => connected, close: async () => undefined };
  return { link: value, publish };
}

describe("GarageService", () => {
  it("addresses the configured shutter number", () => {
    const { link: l, publish } = link(true);
    new GarageService(l, household).send("gate", "close");
    expect(publish).toHaveBeenCalledWith("cmnd/brama/ShutterClose2", "", { retain: false, qos: 1 });
  });

  it("with the broker link down refuses with BROKER_UNAVAILABLE and sends nothing (never queued)", () => {
    const { link: l, publish } = link(false);
    expect(() => new GarageService(l, household).send("gate", "open")).toThrow(expect.objectContaining({ code: "BROKER_UNAVAILABLE" }) as HubError);
    expect(publish).not.toHaveBeenCalled();
  });

  it("a door not in the household is NOT_FOUND", () => {
    const { link: l } = link(true);
    expect(() => new GarageService(l, household).send("garage", "open")).toThrow(expect.objectContaining({ code: "NOT_FOUND" }) as HubError);
  });
});
