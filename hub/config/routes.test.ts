import * as v from "valibot";
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigAnswerSchema } from "../../contract/config";
import { SensorListSchema } from "../../contract/sensors";
import { SwitchesAnswerSchema } from "../../contract/switches";
import { startMosquitto } from "../../tests/e2e/support/mosquitto";
import { call, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

/** GET with a chosen Host header (fetch may not set Host). */
function rawGet(target: { url: string }, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${target.url}${path}`, { headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve(text));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("general API", () => {
  it("GET /config answers ws://<Host>/mqtt and the household's switch groups, on v2 and v1", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const base of ["/api/v2", "/api/v1"]) {
      const body = v.parse(
        ConfigAnswerSchema,
        JSON.parse(await rawGet(hub, `${base}/config`, { cookie, host: "dom.lan:8080" })),
      );
      expect(body.item.mqttConnectionString).toBe("ws://dom.lan:8080/mqtt");
      expect(body.item.switchesList).toContainEqual({ name: "Biuro", items: ["listwa/1", "listwa/2", "listwa/3"] });
    }
  });

  it("GET /config answers wss:// behind an HTTPS proxy (HUB_TRUST_PROXY) and ignores a hostile forwarded host", async () => {
    hub = await startTestHub({ trustProxy: ["127.0.0.1"] });
    const cookie = await login(hub);
    const https = await jsonOf(
      await call(hub, "GET", "/api/v2/config", {
        cookie,
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "dom.example" },
      }),
      ConfigAnswerSchema,
    );
    expect(https.item.mqttConnectionString).toBe("wss://dom.example/mqtt");
    const hostile = await jsonOf(
      await call(hub, "GET", "/api/v2/config", { cookie, headers: { "x-forwarded-host": 'evil"><script>' } }),
      ConfigAnswerSchema,
    );
    expect(hostile.item.mqttConnectionString).toBe("ws://localhost/mqtt");
  });

  it("GET /config hands out HUB_MQTT_WS_URL when the broker is external", async () => {
    // The external broker is Mosquitto with the household example (the hub logs in as `hub`).
    const broker = await startMosquitto();
    try {
      hub = await startTestHub({ mqttUrl: broker.hubUrl, mqttWsUrl: "wss://broker.dom.lan:8884/mqtt" });
      const cookie = await login(hub);
      const body = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswerSchema);
      expect(body.item.mqttConnectionString).toBe("wss://broker.dom.lan:8884/mqtt");
    } finally {
      await hub?.cleanup();
      hub = undefined;
      await broker.close();
    }
  });

  it("refuses to start with HUB_MQTT_URL but no HUB_MQTT_WS_URL", async () => {
    await expect(startTestHub({ mqttUrl: "mqtt://127.0.0.1:1" })).rejects.toThrow(/HUB_MQTT_WS_URL/);
  });

  it("GET /config/switches lists name, label and purpose (null when none)", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const response = await call(hub, "GET", "/api/v2/config/switches", { cookie });
    const body = await jsonOf(response, v.object({ items: v.array(v.record(v.string(), v.unknown())) }));
    expect(v.safeParse(SwitchesAnswerSchema, body).success).toBe(true);
    expect(body.items).toContainEqual({ name: "lampa_salon", label: "Lampa w salonie", purpose: "light" });
    expect(body.items.filter((s) => s.purpose === null).length).toBeGreaterThan(0);
  });

  it("GET /config/sensors lists each sensor with place, kind, room and native source", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const body = await jsonOf(
      await call(hub, "GET", "/api/v1/config/sensors", { cookie }),
      v.object({ items: v.array(v.record(v.string(), v.unknown())) }),
    );
    expect(v.safeParse(SensorListSchema, body).success).toBe(true);
    expect(body.items).toContainEqual({
      id: "balkon-temp",
      kind: "temp",
      place: "balcony",
      label: "Balkon",
      room: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
    });
    expect(body.items).toContainEqual(
      expect.objectContaining({
        kind: "door",
        place: "entrance",
        source: { type: "zigbee2mqtt", device: "drzwi_wejsciowe", property: "contact" },
      }),
    );
  });

  it("needs a session: 401 AUTH_NO_SESSION without a cookie", async () => {
    hub = await startTestHub();
    const response = await call(hub, "GET", "/api/v2/config/sensors");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "AUTH_NO_SESSION" });
  });

  it("answers unknown API routes and reserved bases with 404 NOT_FOUND JSON", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const path of [
      "/api/v2/nothing/here",
      "/api/cameras/v1/cameras",
      "/api/cameras/v5/cameras/nie-ma",
      "/api/garage/v1/garage/open",
    ]) {
      const response = await call(hub, "GET", path, { cookie });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await call(hub, "GET", "/api/garage/v1/garage/open")).status).toBe(401);
  });
});
