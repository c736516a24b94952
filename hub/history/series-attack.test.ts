import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { EventsDayAnswerSchema, dayOf } from "../../contract/history";
import { openDb } from "../domains";
import { loadFixture } from "../testing/fixtures";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";
import { HISTORY_LIMITS } from "./store";

// Device users must not fill the history's series cap: two Tasmota users publishing POWER0..POWER99
// must not make the hub record junk series up to the cap, which would leave the household's real
// switches silently unrecorded. Only relays a device really has (and the
// household's sensors) are recorded, and the cap holds per device as well as in all.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const keep = <T extends MqttClient>(client: T): T => {
  cleanups.push(() => void client.end(true));
  return client;
};

/** `GET /events/day` of today for `power` of `devices` (at most 16), as the dashboard asks it. */
async function powerHistory(hub: TestHub, cookie: string, devices: string[]) {
  const query = [
    `day=${dayOf(Date.now())}`,
    "event=power",
    ...devices.map((device) => `device=${encodeURIComponent(device)}`),
  ].join("&");
  return (await jsonOf(await call(hub, "GET", `/api/v2/events/day?${query}`, { cookie }), EventsDayAnswerSchema)).items;
}

/** The series stored in the hub's database now (read beside the running hub, after a query flushed them). */
function storedSeries(hub: TestHub): number {
  const db = openDb(hub.dataDir);
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM (SELECT DISTINCT event, device FROM history)").get() as { n: number })
      .n;
  } finally {
    db.close();
  }
}

describe("history series from device users", () => {
  it("two Tasmota users publishing POWER0..POWER99 record only their real relays; a real switch's state change afterwards is recorded", async () => {
    const hub = await startTestHub({ mqttPort: await freePort() });
    cleanups.push(() => hub.cleanup());
    const cookie = await login(hub);
    // `listwa` has 3 relays in the household file, `pompa` one.
    for (const device of ["listwa", "pompa"]) {
      const client = keep(await connectDevice(hub, device));
      for (let n = 0; n < 100; n++) client.publish(`stat/${device}/POWER${n}`, "ON", { qos: 0 });
      await client.publishAsync(`stat/${device}/POWER`, "ON", { qos: 1 });
    }
    await powerHistory(hub, cookie, ["listwa/POWER1"]); // flushes what was recorded
    const series = storedSeries(hub);
    console.log(
      `after two Tasmota users published POWER0..POWER99: ${series} history series (cap ${HISTORY_LIMITS.maxSeries})`,
    );
    expect(series).toBe(5); // listwa POWER1..POWER3, pompa POWER and POWER1
    const junk = await powerHistory(hub, cookie, [
      "listwa/POWER0",
      "listwa/POWER4",
      "listwa/POWER99",
      "pompa/POWER0",
      "pompa/POWER2",
      "pompa/POWER50",
    ]);
    expect(junk).toEqual([]);
    expect(
      (await powerHistory(hub, cookie, ["listwa/POWER1", "listwa/POWER3", "pompa/POWER"])).map((item) => item.device),
    ).toEqual(["listwa/POWER1", "listwa/POWER3", "pompa/POWER"]);

    // The household's real switch `lampa_salon` is toggled: its state change is recorded.
    const lampa = keep(await connectDevice(hub, "lampa_salon"));
    const toggle = loadFixture("tasmota/result_power_toggle.json", "lampa_salon");
    await lampa.publishAsync(toggle.topic.replace("tasmota_switch", "lampa_salon"), toggle.payload, { qos: 1 });
    let items: Awaited<ReturnType<typeof powerHistory>> = [];
    for (let tries = 0; tries < 30 && items.length === 0; tries++) {
      items = await powerHistory(hub, cookie, ["lampa_salon/POWER"]);
      if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(items).toEqual([expect.objectContaining({ event: "power", device: "lampa_salon/POWER", value: 1 })]);
  }, 30_000);

  it("a relay the household file does not declare is recorded once the device's STATE telemetry reports it", async () => {
    const hub = await startTestHub({ mqttPort: await freePort() });
    cleanups.push(() => hub.cleanup());
    const cookie = await login(hub);
    const listwa = keep(await connectDevice(hub, "listwa"));
    // A real five-channel STATE (POWER1..POWER5) from `listwa`, declared with 3 relays.
    const state = loadFixture("tasmota/state_multi_relay_power1_5.json");
    await listwa.publishAsync("tele/listwa/STATE", state.payload, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listwa.publishAsync("stat/listwa/POWER5", "OFF", { qos: 1 });
    await listwa.publishAsync("stat/listwa/POWER6", "OFF", { qos: 1 });
    let devices: string[] = [];
    for (let tries = 0; tries < 30 && devices.length < 5; tries++) {
      devices = (
        await powerHistory(hub, cookie, [
          "listwa/POWER1",
          "listwa/POWER2",
          "listwa/POWER3",
          "listwa/POWER4",
          "listwa/POWER5",
          "listwa/POWER6",
        ])
      ).map((item) => item.device);
      if (devices.length < 5) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...new Set(devices)]).toEqual([
      "listwa/POWER1",
      "listwa/POWER2",
      "listwa/POWER3",
      "listwa/POWER4",
      "listwa/POWER5",
    ]);
  });
});
