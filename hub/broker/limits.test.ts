import { describe, expect, it } from "vitest";
import { LimitKeeper, type BrokerLimits } from "./limits";

const SMALL: BrokerLimits = {
  maxPayloadBytes: 100,
  maxPacketBytes: 1000,
  maxRetainedPerClient: 3,
  maxRetainedTotal: 5,
  maxSubscriptionsPerClient: 2,
  maxDeviceListBytes: 500,
};
const retained = (topic: string, payloadBytes = 10) => ({ topic, retain: true, payloadBytes });

describe("broker limits", () => {
  it("a publish given the device-list cap (a gateway's bridge/devices) may be larger than the payload cap, up to that cap", () => {
    const keeper = new LimitKeeper(SMALL);
    const list = { topic: "zigbee2mqtt/bridge/devices", retain: true, payloadBytes: 400 };
    expect(keeper.checkPublish("gateway", list)).toBe("payload too large");
    expect(keeper.checkPublish("gateway", list, SMALL.maxDeviceListBytes)).toBeNull();
    expect(keeper.checkPublish("gateway", { ...list, payloadBytes: 501 }, SMALL.maxDeviceListBytes)).toBe(
      "payload too large",
    );
  });

  it("drops a payload over the cap and counts it, logging once per client and reason", () => {
    const logged: string[] = [];
    const keeper = new LimitKeeper(SMALL, (client, reason) => logged.push(`${client}: ${reason}`));
    expect(keeper.checkPublish("dev", { topic: "tele/x/SENSOR", retain: false, payloadBytes: 100 })).toBeNull();
    expect(keeper.checkPublish("dev", { topic: "tele/x/SENSOR", retain: false, payloadBytes: 101 })).toBe(
      "payload too large",
    );
    expect(keeper.checkPublish("dev", { topic: "tele/x/SENSOR", retain: true, payloadBytes: 100_000_000 })).toBe(
      "payload too large",
    );
    expect(keeper.stats["payload too large"]).toBe(2);
    expect(logged).toEqual(["dev: payload too large"]);
    expect(keeper.retainedTopics).toBe(0);
  });

  it("holds at most N retained topics per client; overwriting its own topic or clearing one is always allowed", () => {
    const keeper = new LimitKeeper(SMALL);
    for (const topic of ["a", "b", "c"]) expect(keeper.checkPublish("dev", retained(topic))).toBeNull();
    expect(keeper.checkPublish("dev", retained("d"))).toBe("retained topics per client");
    expect(keeper.checkPublish("dev", retained("a", 20))).toBeNull();
    expect(keeper.checkPublish("dev", retained("a", 0))).toBeNull(); // an empty retained payload clears the topic
    expect(keeper.checkPublish("dev", retained("d"))).toBeNull();
    expect(keeper.retainedTopics).toBe(3);
  });

  it("holds at most M retained topics in all, across clients", () => {
    const keeper = new LimitKeeper(SMALL);
    for (let i = 0; i < 5; i++) expect(keeper.checkPublish(`dev${i}`, retained(`t${i}`))).toBeNull();
    expect(keeper.checkPublish("dev9", retained("t9"))).toBe("retained topics in all");
    expect(keeper.checkPublish("dev9", retained("t0"))).toBeNull(); // taking over an existing topic adds none
    expect(keeper.retainedTopics).toBe(5);
  });

  it("1,000,000 retained topics from one client leave only the per-client limit stored", () => {
    const keeper = new LimitKeeper();
    let refused = 0;
    for (let i = 0; i < 1_000_000; i++)
      if (keeper.checkPublish("flood", retained(`flood/${i}`, 1024)) !== null) refused++;
    expect(keeper.retainedTopics).toBe(keeper.limits.maxRetainedPerClient);
    expect(refused).toBe(1_000_000 - keeper.limits.maxRetainedPerClient);
  });

  it("allows at most K subscriptions per client, re-subscribing to a held filter always", () => {
    const keeper = new LimitKeeper(SMALL);
    expect(keeper.checkSubscribe("browser", 0, false)).toBeNull();
    expect(keeper.checkSubscribe("browser", 1, false)).toBeNull();
    expect(keeper.checkSubscribe("browser", 2, false)).toBe("subscriptions per client");
    expect(keeper.checkSubscribe("browser", 2, true)).toBeNull();
  });

  it("a retained topic the hub publishes is no longer held by the client that had it", () => {
    const keeper = new LimitKeeper(SMALL);
    keeper.checkPublish("dev", retained("settings/garageLight"));
    keeper.hubRetained("settings/garageLight");
    expect(keeper.retainedTopics).toBe(0);
  });
});
