import mqtt from "mqtt";
import type { SensorReading } from "../../contract/sensors";
import { sensorTopic } from "../../contract/topics";
import { configuredSensors, expect, pickSensor, test } from "./support/fixtures";
import { nativeReading, publishDevice } from "./support/mqtt";

// Device ACL (docs/security.md): an anonymous client must not write `sensor/temp/outside` = -55
// straight onto a tile. A device logs in with its own MQTT user and
// may publish only its own device topics; the dashboard's namespace is the hub's.

test.describe("device access on the embedded broker", () => {
  test("a logged-in device that publishes the dashboard's topic or another device's readings changes no tile", async ({
    loggedInPage: page,
    hub,
  }) => {
    const sensors = await configuredSensors(page);
    const outside = pickSensor(
      sensors,
      "an outside temperature sensor",
      (s) => s.kind === "temp" && s.place === "outside",
    );
    const own = pickSensor(
      sensors,
      "a Tasmota temperature sensor of another device",
      (s) => s.kind === "temp" && s.source.type === "tasmota" && s.source.device !== outside.source.device,
    );
    if (own.source.type !== "tasmota") throw new Error("unreachable");
    const attacker = own.source.device;
    const outsideTile = page.getByTestId(`sensor-temp-${outside.place}`).getByTestId("sensor-value");
    const ownTile = page.getByTestId(`sensor-temp-${own.place}`).getByTestId("sensor-value");

    // The real reading, from the device that owns it.
    const real = nativeReading(outside, 5.5);
    await publishDevice(hub, real.topic, real.payload);
    await expect(outsideTile).toHaveText("5,5°C");

    // The attacker is a real device with its own login: the dashboard's topic, retained, and a forged
    // native reading of the outside sensor's device.
    await publishDevice(
      hub,
      sensorTopic("temp", outside.place),
      { value: -55, time: new Date().toISOString() } satisfies SensorReading,
      { as: attacker, retain: true },
    );
    const forged = nativeReading(outside, -55);
    await publishDevice(hub, forged.topic, forged.payload, { as: attacker });
    // Its own reading still goes through, after the attack: once it shows, the attack had its chance.
    const mine = nativeReading(own, 7.7);
    await publishDevice(hub, mine.topic, mine.payload, { as: attacker });
    await expect(ownTile).toHaveText("7,7°C");
    await expect(outsideTile).toHaveText("5,5°C");

    // Nothing retained either: after a reload the tile shows the real reading.
    await page.reload();
    await expect(page.getByTestId(`sensor-temp-${outside.place}`).getByTestId("sensor-value")).toHaveText("5,5°C");
  });

  test("an anonymous device is refused with CONNACK 5 (not authorized)", async ({ hub }) => {
    const refused = await mqtt
      .connectAsync(hub.mqttTcpUrl, { reconnectPeriod: 0, connectTimeout: 5_000, clientId: "e2e-anonymous" })
      .then(async (client) => {
        await client.endAsync();
        return "connected";
      })
      .catch((error: { code?: unknown }) => error.code);
    expect(refused).toBe(5);
  });
});
