import { afterEach, describe, expect, it } from "vitest";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { connectMqtt, nextMessage, startTestHub, type TestHub } from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The household's broker: Mosquitto with the example configuration (hub/examples/mosquitto). */
async function householdBroker(): Promise<TestMosquitto> {
  const broker = await startMosquitto();
  cleanups.push(() => broker.close());
  return broker;
}

async function hubOn(broker: TestMosquitto): Promise<TestHub> {
  const hub = await startTestHub({ mqttUrl: broker.hubUrl, mqttWsUrl: broker.wsUrl });
  cleanups.push(() => hub.cleanup());
  return hub;
}

describe("external broker (HUB_MQTT_URL)", () => {
  it("bridges device payloads published on the household broker back into it", async () => {
    const broker = await householdBroker();
    await hubOn(broker);
    const device = await connectMqtt(broker.tcpUrl, await broker.deviceLogin("zigbee2mqtt"));
    const dashboard = await connectMqtt(broker.wsUrl);
    try {
      const reading = nextMessage(dashboard, "sensor/door/entrance");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await device.publishAsync(
        "zigbee2mqtt/drzwi_wejsciowe",
        loadFixture("zigbee2mqtt/state_contact_sensor.json").payload,
      );
      expect(JSON.parse((await reading).payload)).toMatchObject({ value: 1 });
    } finally {
      device.end(true);
      dashboard.end(true);
    }
  });

  it("has no /mqtt WebSocket of its own: browsers go to HUB_MQTT_WS_URL", async () => {
    const hub = await hubOn(await householdBroker());
    expect(hub.mqttPort).toBeNull();
    expect((await fetch(`${hub.url}/mqtt`)).status).toBe(503);
  });
});

describe("start-up failures", () => {
  it("rejects with a clear message when the MQTT TCP port is taken, leaving nothing running", async () => {
    const broker = await householdBroker();
    const port = Number(new URL(broker.tcpUrl).port);
    await expect(startTestHub({ mqttPort: port })).rejects.toThrow(/MQTT TCP port \d+ is already in use/);
  });
});
