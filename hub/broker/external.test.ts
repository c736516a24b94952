import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectMqtt, freePort, nextMessage, startTestHub, tempDir, type TestHub } from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

const hubs: TestHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0).reverse()) await hub.cleanup();
});

/** A plain broker standing in for the household's: a hub with an empty household (its bridge maps nothing). */
async function householdBroker(): Promise<{ port: number }> {
  const port = await freePort();
  const dataDir = tempDir();
  writeFileSync(join(dataDir, "household.json"), "{}");
  hubs.push(await startTestHub({ dataDir, demo: false, mqttPort: port }));
  return { port };
}

describe("external broker (HUB_MQTT_URL)", () => {
  it("bridges device payloads published on the household broker back into it", async () => {
    const broker = await householdBroker();
    hubs.push(await startTestHub({ mqttUrl: `mqtt://127.0.0.1:${broker.port}`, mqttWsUrl: "ws://127.0.0.1:1/mqtt" }));
    const device = await connectMqtt(`mqtt://127.0.0.1:${broker.port}`);
    const dashboard = await connectMqtt(`mqtt://127.0.0.1:${broker.port}`);
    try {
      const reading = nextMessage(dashboard, "sensor/door/entrance");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await device.publishAsync("zigbee2mqtt/drzwi_wejsciowe", loadFixture("zigbee2mqtt/state_contact_sensor.json").payload);
      expect(JSON.parse((await reading).payload)).toMatchObject({ value: 1 });
    } finally {
      device.end(true);
      dashboard.end(true);
    }
  });

  it("has no /mqtt WebSocket of its own: browsers go to HUB_MQTT_WS_URL", async () => {
    const broker = await householdBroker();
    const hub = await startTestHub({ mqttUrl: `mqtt://127.0.0.1:${broker.port}`, mqttWsUrl: "ws://127.0.0.1:1/mqtt" });
    hubs.push(hub);
    expect(hub.mqttPort).toBeNull();
    expect((await fetch(`${hub.url}/mqtt`)).status).toBe(503);
  });
});

describe("start-up failures", () => {
  it("rejects with a clear message when the MQTT TCP port is taken, leaving nothing running", async () => {
    const broker = await householdBroker();
    await expect(startTestHub({ mqttPort: broker.port })).rejects.toThrow(/MQTT TCP port \d+ is already in use/);
  });
});
