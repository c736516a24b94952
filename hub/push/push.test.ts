import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import { DEFAULT_API_BASES } from "../../contract/paths";
import {
  PANEL_REGISTER_PATH,
  panelPushPath,
  PUSH_KEY_PATH,
  PushPayloadSchema,
  type PushCategory,
} from "../../contract/panels";
import { PREFERENCES_PATH } from "../../contract/preferences";
import { loadFixture } from "../testing/fixtures";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, until, type TestHub } from "../testing/harness";
import { TestPushService, verifyVapid, type TestSubscriber } from "./testing/receiver";

const GENERAL = DEFAULT_API_BASES.general;
const KeyAnswerSchema = v.object({ item: v.object({ publicKey: v.string() }) });
const StateAnswerSchema = v.object({ item: v.nullable(v.object({ categories: v.array(v.string()) })) });
/** How long the gate or garage may stand open before a push, in this test (ms). */
const OPEN_ALERT_MS = 400;

/** The state `name` publishes in the fixture (Zigbee2MQTT's payload), with `change` laid over it. */
function stateOf(name: string, change: Record<string, unknown> = {}): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states[name], ...change });
}

describe("Web Push from the hub to a push service run by the test (RFC 8030/8291/8292)", () => {
  let hub: TestHub;
  let cookie: string;
  let service: TestPushService;
  let publicKey: string;
  let gateway: MqttClient;
  let garaz: MqttClient;
  /** The panels the tests subscribed, by panel id. */
  const panels = new Map<string, TestSubscriber>();

  beforeAll(async () => {
    service = await TestPushService.start();
    hub = await startTestHub({
      mqttPort: await freePort(),
      push: {
        allowPrivateEndpoints: true,
        openAlertMs: OPEN_ALERT_MS,
        retryBaseMs: 50,
        subject: "mailto:test@example.com",
      },
    });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    garaz = await connectDevice(hub, "garaz");
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    const key = await call(hub, "GET", `${GENERAL}${PUSH_KEY_PATH}`, { cookie });
    expect(key.status).toBe(200);
    publicKey = (await jsonOf(key, KeyAnswerSchema)).item.publicKey;
  });
  afterAll(async () => {
    gateway.end(true);
    garaz.end(true);
    await hub.cleanup();
    await service.close();
  });

  const sessions = new Map<string, string>();
  /** A session of its own for panel `panelId`, registered as that panel (a browser's first login). */
  async function panelSession(panelId: string): Promise<string> {
    const known = sessions.get(panelId);
    if (known) return known;
    const session = await login(hub, "demo", "demo", panelId);
    const response = await call(hub, "POST", `${GENERAL}${PANEL_REGISTER_PATH}`, {
      cookie: session,
      body: { id: panelId },
    });
    expect(response.status, await response.text()).toBe(200);
    sessions.set(panelId, session);
    return session;
  }

  /** Subscribes panel `panelId` with a fresh subscriber at `/push/<panelId>` for `categories`. */
  async function subscribe(panelId: string, categories: PushCategory[]): Promise<TestSubscriber> {
    const subscriber = service.subscriber(`/push/${panelId}`);
    const response = await call(hub, "PUT", `${GENERAL}${panelPushPath(panelId)}`, {
      cookie: await panelSession(panelId),
      body: {
        subscription: { endpoint: subscriber.endpoint, expirationTime: null, keys: subscriber.keys },
        categories,
      },
    });
    expect(response.status, await response.text()).toBe(204);
    panels.set(panelId, subscriber);
    return subscriber;
  }
  const payloadOf = (subscriber: TestSubscriber, index = 0) => {
    const push = service.to(new URL(subscriber.endpoint).pathname)[index];
    if (!push) throw new Error("nothing pushed");
    return v.parse(PushPayloadSchema, JSON.parse(subscriber.decrypt(push.body)));
  };
  const countTo = (subscriber: TestSubscriber) => service.to(new URL(subscriber.endpoint).pathname).length;

  it("a doorbell press from the device reaches a subscribed panel as an encrypted, VAPID-signed push in its language; a panel that did not choose it gets nothing", async () => {
    const kitchen = await subscribe("kitchen-tablet", ["doorbell", "leak"]);
    const car = await subscribe("car-tablet-01", ["garage"]);
    // A panel whose user reads English gets English texts.
    expect(
      (
        await call(hub, "PATCH", `${DEFAULT_API_BASES.auth}${PREFERENCES_PATH}`, {
          cookie,
          body: { preferences: { locale: "en" } },
        })
      ).status,
    ).toBe(200);
    const phone = await subscribe("anna-phone-01", ["doorbell"]);
    expect(
      (
        await call(hub, "PATCH", `${DEFAULT_API_BASES.auth}${PREFERENCES_PATH}`, {
          cookie,
          body: { preferences: { locale: "pl" } },
        })
      ).status,
    ).toBe(200);

    const pressedAt = Date.now();
    // The doorbell's own payload (a Zigbee wireless button's press) on its device topic, as the gateway publishes it.
    await gateway.publishAsync("zigbee2mqtt/dzwonek_brama", stateOf("Bedside button"), { qos: 1 });
    await until(() => countTo(kitchen) === 1 && countTo(phone) === 1);

    const push = service.to("/push/kitchen-tablet")[0]!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers["content-type"]).toBe("application/octet-stream");
    expect(push.headers.urgency).toBe("high");
    expect(push.headers.topic).toBe("doorbell");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(120);
    const claims = verifyVapid(push.headers.authorization, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe("mailto:test@example.com");
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);

    const payload = payloadOf(kitchen);
    expect(payload).toMatchObject({
      category: "doorbell",
      title: "Dzwonek",
      body: "Ktoś dzwoni przy bramce.",
      url: "/cameras/live?id=zoom",
      tag: "doorbell",
    });
    expect(payload.at).toBeGreaterThanOrEqual(pressedAt);
    expect(payloadOf(phone)).toMatchObject({ title: "Doorbell", body: "Someone is ringing at the gate." });
    // Another panel's key does not open it.
    expect(() => car.decrypt(push.body)).toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(countTo(car)).toBe(0);
  });

  it("the garage door left open from the shutter's report is pushed after the configured time, once, to the panels that chose it", async () => {
    const car = panels.get("car-tablet-01")!;
    const before = countTo(car);
    const open = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    const openedAt = Date.now();
    await garaz.publishAsync(open.topic, open.payload, { qos: 1 });
    await until(() => countTo(car) === before + 1, 5_000);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(OPEN_ALERT_MS);
    expect(payloadOf(car, before)).toMatchObject({
      category: "garage",
      title: "Garaż otwarty",
      body: "Brama garażowa: otwarta od 1 min.",
      url: "/",
    });
    const push = service.to("/push/car-tablet-01")[before]!;
    expect(push.headers.urgency).toBe("normal");
    expect(push.headers.topic).toBe("garage");
    await new Promise((resolve) => setTimeout(resolve, OPEN_ALERT_MS * 2));
    expect(countTo(car)).toBe(before + 1);
    expect(service.to("/push/kitchen-tablet").length).toBe(1);
  });

  it("a leak alarm from the sensor's state is pushed (urgent) and opens /devices; a retried 500 arrives once", async () => {
    const kitchen = service.to("/push/kitchen-tablet").length;
    service.answer("/push/kitchen-tablet", 500);
    await gateway.publishAsync("zigbee2mqtt/Bathroom leak", stateOf("Bathroom leak", { water_leak: true }), { qos: 1 });
    await until(() => service.to("/push/kitchen-tablet").length === kitchen + 2);
    const [failed, retried] = service.to("/push/kitchen-tablet").slice(kitchen);
    expect(failed?.headers.topic).toBe(retried?.headers.topic);
    expect(retried?.headers.urgency).toBe("high");
    expect(payloadOf(panels.get("kitchen-tablet")!, kitchen + 1)).toMatchObject({
      category: "leak",
      title: "Zalanie!",
      url: "/devices",
      tag: "leak:zigbee2mqtt:Bathroom leak",
    });
    expect(payloadOf(panels.get("kitchen-tablet")!, kitchen + 1).body).toMatch(/^Czujnik zalania: .+\.$/);
  });

  it("a push service answering 410 drops the subscription; DELETE stops a panel's pushes", async () => {
    const gone = await subscribe("old-phone-01", ["smoke"]);
    service.answer("/push/old-phone-01", 410);
    // A dead endpoint (nothing listens on its port) costs only its own retries.
    const dead = service.subscriber("/push/dead");
    const deadEndpoint = dead.endpoint.replace(/:\d+\//, `:${await freePort()}/`);
    const deadPut = await call(hub, "PUT", `${GENERAL}${panelPushPath("dead-panel-01")}`, {
      cookie: await panelSession("dead-panel-01"),
      body: { subscription: { endpoint: deadEndpoint, keys: dead.keys }, categories: ["smoke"] },
    });
    expect(deadPut.status).toBe(204);
    const state = async (panelId: string) =>
      (
        await jsonOf(
          await call(hub, "GET", `${GENERAL}${panelPushPath(panelId)}`, { cookie: await panelSession(panelId) }),
          StateAnswerSchema,
        )
      ).item;
    expect(await state("old-phone-01")).toEqual({ categories: ["smoke"] });
    await gateway.publishAsync("zigbee2mqtt/Kitchen smoke", stateOf("Kitchen smoke", { smoke: true }), { qos: 1 });
    await until(() => countTo(gone) === 1);
    for (let tries = 0; (await state("old-phone-01")) !== null; tries++) {
      if (tries > 50) throw new Error("the subscription was not dropped");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await state("dead-panel-01")).toEqual({ categories: ["smoke"] });
    // Only the panel's own session may change its subscription: another panel's is told there is no such panel.
    expect(
      (
        await call(hub, "DELETE", `${GENERAL}${panelPushPath("car-tablet-01")}`, {
          cookie: await panelSession("old-phone-01"),
        })
      ).status,
    ).toBe(404);
    expect(await state("car-tablet-01")).toEqual({ categories: ["garage"] });
    expect(
      (
        await call(hub, "DELETE", `${GENERAL}${panelPushPath("car-tablet-01")}`, {
          cookie: await panelSession("car-tablet-01"),
        })
      ).status,
    ).toBe(204);
    expect(await state("car-tablet-01")).toBeNull();
  });

  it("refuses a bad subscription with 400 naming the field, and without a session 401", async () => {
    const subscriber = service.subscriber("/push/x");
    const own = await panelSession("bad-panel-id-01");
    const put = (panelId: string, body: unknown, session: string | undefined = own) =>
      call(hub, "PUT", `${GENERAL}${panelPushPath(panelId)}`, { cookie: session, body });
    const good = { subscription: { endpoint: subscriber.endpoint, keys: subscriber.keys }, categories: ["doorbell"] };
    const cases: [string, unknown, RegExp][] = [
      ["bad-panel-id-01", { ...good, categories: ["fire"] }, /categories/],
      [
        "bad-panel-id-01",
        { ...good, subscription: { ...good.subscription, keys: { p256dh: "x", auth: "y" } } },
        /p256dh/,
      ],
      ["bad-panel-id-01", JSON.parse('{"__proto__": {"polluted": true}, "categories": []}'), /__proto__/],
      [
        "bad-panel-id-01",
        { ...good, subscription: { ...good.subscription, endpoint: "ftp://push.example.com/x" } },
        /endpoint/,
      ],
      ["BAD", good, /panelId/],
    ];
    for (const [panelId, body, field] of cases) {
      const response = await put(panelId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(field);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await put("bad-panel-id-01", good, "")).status).toBe(401);
    expect((await call(hub, "GET", `${GENERAL}${PUSH_KEY_PATH}`)).status).toBe(401);
  });
});
