import * as v from "valibot";
import { BridgeStatsSchema } from "../../contract/bridge";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  grantedQos,
  jsonOf,
  login,
  startTestHub,
  type TestHub,
} from "../testing/harness";
import { DEFAULT_BROKER_LIMITS } from "./limits";

// Broker memory (docs/security.md; figures in docs/performance.md): a huge payload, a flood of
// retained topics from one client, a browser's flood of subscriptions. Each attack runs through a
// real hub and real MQTT clients.

/** GET /bridge/stats of the contract, with the embedded broker's `brokerLimits` required. */
const LimitStats = v.object({
  item: v.object({ ...BridgeStatsSchema.entries, brokerLimits: v.record(v.string(), v.number()) }),
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWithTcp(): Promise<TestHub> {
  const hub = await startTestHub({ mqttPort: await freePort() });
  cleanups.push(() => hub.cleanup());
  return hub;
}
const keep = <T extends MqttClient>(client: T): T => {
  cleanups.push(() => void client.end(true));
  return client;
};
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
/** The process's heap after a full GC, MB (the hub runs in this process; the test's clients are closed first). */
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const limitStats = async (hub: TestHub, cookie: string) =>
  (await jsonOf(await call(hub, "GET", "/api/v2/bridge/stats", { cookie }), LimitStats)).item.brokerLimits;

/** Retained messages a new subscriber of `filter` receives within `ms`. */
async function retainedCount(client: MqttClient, filter: string, ms = 1500): Promise<number> {
  let count = 0;
  client.on("message", (_topic, _payload, packet) => {
    if (packet.retain) count++;
  });
  await client.subscribeAsync(filter, { qos: 0 });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return count;
}

describe("broker limits against a real hub", () => {
  it("a 100 MB payload closes the device's connection before it is buffered; nothing is retained", async () => {
    const hub = await hubWithTcp();
    const cookie = await login(hub);
    const attacker = keep(await connectDevice(hub, "zigbee2mqtt"));
    const before = heapMb();
    const closed = new Promise<void>((resolve) => attacker.once("close", () => resolve()));
    attacker.publish("zigbee2mqtt/huge", Buffer.alloc(100 * 1024 * 1024, 0x41), { retain: true, qos: 0 });
    await closed;
    const grown = heapMb() - before;
    console.log(`100 MB payload: hub heap grew ${grown.toFixed(1)} MB`);
    expect(grown).toBeLessThan(20);
    expect((await limitStats(hub, cookie))["packet too large"]).toBe(1);
    const reader = keep(await connectDevice(hub, "zigbee2mqtt"));
    expect(await retainedCount(reader, "zigbee2mqtt/#", 500)).toBe(0);
  });

  it("a payload over the 64 KiB cap is dropped, not retained, and the device stays connected", async () => {
    const hub = await hubWithTcp();
    const cookie = await login(hub);
    const device = keep(await connectDevice(hub, "zigbee2mqtt"));
    await device.publishAsync("zigbee2mqtt/big", Buffer.alloc(200 * 1024, 0x41), { retain: true, qos: 1 });
    await device.publishAsync("zigbee2mqtt/small", "{}", { retain: true, qos: 1 });
    expect(device.connected).toBe(true);
    expect((await limitStats(hub, cookie))["payload too large"]).toBe(1);
    const reader = keep(await connectDevice(hub, "zigbee2mqtt"));
    expect(await retainedCount(reader, "zigbee2mqtt/#", 500)).toBe(1);
  });

  it("100,000 retained topics from one client: only the per-client limit is stored, and the hub's heap stays bounded", async () => {
    const hub = await hubWithTcp();
    const cookie = await login(hub);
    const flooder = keep(await connectDevice(hub, "zigbee2mqtt"));
    const payload = Buffer.alloc(1024, 0x41);
    const before = heapMb();
    for (let i = 0; i < 100_000; i++) flooder.publish(`zigbee2mqtt/flood_${i}`, payload, { retain: true, qos: 0 });
    await flooder.publishAsync("zigbee2mqtt/flood_last", payload, { retain: true, qos: 1 }); // flushes the QoS 0 ones before it
    const stats = await limitStats(hub, cookie);
    expect(stats["retained topics per client"]).toBe(100_001 - DEFAULT_BROKER_LIMITS.maxRetainedPerClient);
    flooder.end(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const grown = heapMb() - before;
    console.log(
      `100,000 retained 1 KB topics: hub heap grew ${grown.toFixed(1)} MB (was about 170 MB per 100,000 before the limit)`,
    );
    expect(grown).toBeLessThan(20);
    const reader = keep(await connectDevice(hub, "zigbee2mqtt"));
    expect(await retainedCount(reader, "zigbee2mqtt/#", 2000)).toBe(DEFAULT_BROKER_LIMITS.maxRetainedPerClient);
  }, 60_000);

  it("a browser holds at most 100 subscriptions; the rest are refused with SUBACK 0x80", async () => {
    const hub = await hubWithTcp();
    const cookie = await login(hub);
    const browser = keep(await connectBrowser(hub, cookie));
    const granted: (number | undefined)[] = [];
    for (let i = 0; i < DEFAULT_BROKER_LIMITS.maxSubscriptionsPerClient + 20; i++)
      granted.push(await grantedQos(browser, `sensor/temp/place_${i}`));
    expect(granted.filter((qos) => qos === 0)).toHaveLength(DEFAULT_BROKER_LIMITS.maxSubscriptionsPerClient);
    expect(granted.filter((qos) => qos === 128)).toHaveLength(20);
    expect(browser.connected).toBe(true);
    expect((await limitStats(hub, cookie))["subscriptions per client"]).toBe(20);
  });
});
