import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { ErrorBodySchema } from "../../contract/envelope";
import { GpsAlertSchema, GpsNotificationsAnswerSchema, GpsStateSchema, GpsTrackAnswerSchema } from "../../contract/gps";
import { DEMO_HOME } from "../simulator/devices";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";
import { ownTracksLocation } from "./owntracks";

let hub: TestHub;
const clients: MqttClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  await hub.cleanup();
});

/** The cat's collar: an OwnTracks device logged in with its own MQTT user (kind owntracks). */
async function collar() {
  const client = await connectDevice(hub, "mruczek", { kind: "owntracks", topic: "kot/mruczek" });
  clients.push(client);
  return client;
}
const north = (metres: number) => ({ lat: DEMO_HOME.lat + metres / 111_195, lon: DEMO_HOME.lon });

describe("GPS routes and live topics", () => {
  it("an OwnTracks location from the collar reaches a browser as gps/<tracker> with the distance from home; the track is served", async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    const cookie = await login(hub);
    const browser = await connectBrowser(hub, cookie);
    clients.push(browser);
    const device = await collar();
    const fixture = loadFixture("owntracks/location.json");
    const nowFixture = JSON.stringify({ ...(fixture.json as object), tst: Math.floor(Date.now() / 1000) });
    const state = nextMessage(browser, "gps/mruczek");
    await device.publishAsync(fixture.topic, nowFixture, { qos: 1, retain: true });
    const message = await state;
    const parsed = v.parse(GpsStateSchema, JSON.parse(message.payload));
    expect(parsed).toMatchObject({
      label: "Mruczek",
      lat: 52.164712,
      lon: 21.078905,
      battery: 81,
      accuracyM: 12,
      distanceM: 57,
      outside: false,
      radiusM: 60,
    });
    const track = await jsonOf(
      await call(hub, "GET", "/api/v2/gps/mruczek/track?hours=1", { cookie }),
      GpsTrackAnswerSchema,
    );
    expect(track.items).toEqual([{ lat: 52.164712, lon: 21.078905, time: parsed.time }]);
  });

  it("POST /gps/notifications stores the switch, publishes it retained, and then the hub alerts when the cat leaves home", async () => {
    const port = await freePort();
    hub = await startTestHub({ mqttPort: port });
    const cookie = await login(hub);
    const on = await call(hub, "POST", "/api/v2/gps/notifications", { cookie, body: { state: true } });
    expect((await jsonOf(on, GpsNotificationsAnswerSchema)).item).toEqual({ state: true });
    const browser = await connectBrowser(hub, cookie);
    clients.push(browser);
    expect(JSON.parse((await nextMessage(browser, "gps/notifications")).payload)).toEqual({ state: true });
    const device = await collar();
    const now = Date.now();
    await device.publishAsync("owntracks/kot/mruczek", ownTracksLocation({ ...north(10), timeMs: now - 2000 }), {
      qos: 1,
    });
    await nextMessage(browser, "gps/mruczek");
    const alert = nextMessage(browser, "gps/alert");
    await device.publishAsync("owntracks/kot/mruczek", ownTracksLocation({ ...north(150), timeMs: now - 1000 }), {
      qos: 1,
    });
    const received = await alert;
    expect(received.retain).toBe(false);
    expect(v.parse(GpsAlertSchema, JSON.parse(received.payload))).toMatchObject({
      tracker: "mruczek",
      label: "Mruczek",
      event: "left",
      distanceM: 150,
    });
  });

  it("refuses bad bodies and queries naming the field, and unknown trackers with 404", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const body of [{}, { state: "on" }, { state: true, extra: 1 }]) {
      const response = await call(hub, "POST", "/api/v1/gps/notifications", { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(/^(state|body)/);
    }
    for (const hours of ["0", "25", "x"]) {
      const response = await call(hub, "GET", `/api/v2/gps/mruczek/track?hours=${hours}`, { cookie });
      expect(response.status).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(/^hours/);
    }
    expect((await call(hub, "GET", "/api/v2/gps/pies/track", { cookie })).status).toBe(404);
    expect((await call(hub, "GET", "/api/v2/gps/mruczek/track")).status).toBe(401);
  });

  it("a collar may publish only its own owntracks topic, never the dashboard's gps/ topics", async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    const cookie = await login(hub);
    const browser = await connectBrowser(hub, cookie);
    clients.push(browser);
    const seen: string[] = [];
    browser.on("message", (topic) => seen.push(topic));
    await browser.subscribeAsync("#");
    const device = await collar();
    await device.publishAsync("gps/mruczek", JSON.stringify({ lat: 0 }), { qos: 1 });
    await device.publishAsync("owntracks/obcy/telefon", ownTracksLocation({ lat: 1, lon: 1, timeMs: Date.now() }), {
      qos: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.filter((t) => t.startsWith("gps/"))).toEqual([]);
  });

  it("the tile URL is setting gpsTileUrl (null by default): a bad one is refused naming value, a good one's origin is allowed in the CSP's img-src", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const value of [
      "javascript:alert(1)",
      "https://tile.example.org/tiles.png",
      "https://x.org/{z}/{x}/{y}.png' data:",
      5,
    ]) {
      const response = await call(hub, "PATCH", "/api/auth/v1/settings", {
        cookie,
        body: { key: "gpsTileUrl", value },
      });
      expect(response.status, String(value)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(/^value: /);
    }
    const before = await call(hub, "GET", "/api/v2/pv/logs", { cookie });
    expect(before.headers.get("content-security-policy")).toContain("img-src 'self' data: blob:;");
    const saved = await call(hub, "PATCH", "/api/auth/v1/settings", {
      cookie,
      body: { key: "gpsTileUrl", value: "https://{s}.tile.example.org/{z}/{x}/{y}.png" },
    });
    expect(saved.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await call(hub, "GET", "/api/v2/pv/logs", { cookie });
    expect(after.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://*.tile.example.org;",
    );
    expect(
      (await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "gpsTileUrl", value: null } })).status,
    ).toBe(200);
  });
});
