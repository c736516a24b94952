import * as v from "valibot";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startMosquitto } from "../../tests/e2e/support/mosquitto";
import { call, connectBrowser, jsonOf, login, nextMessage, startTestHub, tempDir, type TestHub } from "../testing/harness";

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

const ConfigAnswer = v.object({
  item: v.object({ mqttConnectionString: v.string(), switchesList: v.array(v.object({ name: v.string(), items: v.array(v.string()) })) }),
});

describe("general API", () => {
  it("GET /config answers ws://<Host>/mqtt and the household's switch groups, on v2 and v1", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    for (const base of ["/api/v2", "/api/v1"]) {
      const body = v.parse(ConfigAnswer, JSON.parse(await rawGet(hub, `${base}/config`, { cookie, host: "dom.lan:8080" })));
      expect(body.item.mqttConnectionString).toBe("ws://dom.lan:8080/mqtt");
      expect(body.item.switchesList).toContainEqual({ name: "Biuro", items: ["listwa/1", "listwa/2", "listwa/3"] });
    }
  });

  it("GET /config answers wss:// behind an HTTPS proxy (HUB_TRUST_PROXY) and ignores a hostile forwarded host", async () => {
    hub = await startTestHub({ trustProxy: ["127.0.0.1"] });
    const cookie = await login(hub);
    const https = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie, headers: { "x-forwarded-proto": "https", "x-forwarded-host": "dom.example" } }), ConfigAnswer);
    expect(https.item.mqttConnectionString).toBe("wss://dom.example/mqtt");
    const hostile = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie, headers: { "x-forwarded-host": "evil\"><script>" } }), ConfigAnswer);
    expect(hostile.item.mqttConnectionString).toBe("ws://localhost/mqtt");
  });

  it("GET /config hands out HUB_MQTT_WS_URL when the broker is external", async () => {
    // The external broker is Mosquitto with the household example (the hub logs in as `hub`).
    const broker = await startMosquitto();
    try {
      hub = await startTestHub({ mqttUrl: broker.hubUrl, mqttWsUrl: "wss://broker.dom.lan:8884/mqtt" });
      const cookie = await login(hub);
      const body = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswer);
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
    const body = await jsonOf(response, v.object({ items: v.array(v.object({ name: v.string(), label: v.string(), purpose: v.nullable(v.string()) })) }));
    expect(body.items).toContainEqual({ name: "lampa_salon", label: "Lampa w salonie", purpose: "light" });
    expect(body.items.filter((s) => s.purpose === null).length).toBeGreaterThan(0);
  });

  it("GET /config/sensors lists each sensor with place, kind, room and native source", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const body = await jsonOf(await call(hub, "GET", "/api/v1/config/sensors", { cookie }), v.object({ items: v.array(v.record(v.string(), v.unknown())) }));
    expect(body.items).toContainEqual({ id: "balkon-temp", kind: "temp", place: "balcony", label: "Balkon", room: "Balkon", source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" } });
    expect(body.items).toContainEqual(expect.objectContaining({ kind: "door", place: "entrance", source: { type: "zigbee2mqtt", device: "drzwi_wejsciowe", property: "contact" } }));
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
    for (const path of ["/api/v2/nothing/here", "/api/cameras/v1/cameras", "/api/cameras/v5/cameras/zoom", "/api/garage/v1/garage/open"]) {
      const response = await call(hub, "GET", path, { cookie });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await call(hub, "GET", "/api/garage/v1/garage/open")).status).toBe(401);
  });
});

describe("PATCH /settings", () => {
  it("stores the value and publishes it retained on settings/<key>", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const value = [{ id: "a", sensor: "balcony" }, { id: "b", sensor: "tunnel" }];
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "tempWatchdog", value, idsToRemove: ["a"] } });
    expect(await response.json()).toEqual({ item: { key: "tempWatchdog", value: [{ id: "b", sensor: "tunnel" }] } });

    // A subscriber (the dashboard) that connects afterwards still gets it: the message is retained.
    const client = await connectBrowser(hub, cookie);
    try {
      const message = await nextMessage(client, "settings/tempWatchdog");
      expect(message.retain).toBe(true);
      expect(JSON.parse(message.payload)).toEqual([{ id: "b", sensor: "tunnel" }]);
    } finally {
      client.end(true);
    }
  });

  it("refuses an unknown key", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const response = await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "__proto__", value: 1 } });
    expect(response.status).toBe(400);
  });

  it("a stored switchesList setting replaces the household's groups in /config", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    const groups = [{ name: "Wszystko", items: ["pompa", "listwa/2"] }];
    await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "switchesList", value: groups } });
    const body = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswer);
    expect(body.item.switchesList).toEqual(groups);
  });
});

describe("static dashboard", () => {
  it("answers 503 with a page saying how to build when dist has no index.html", async () => {
    hub = await startTestHub();
    const response = await fetch(`${hub.url}/`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build");
  });

  it("serves dist with cache headers, an SPA fallback and security headers", async () => {
    const distDir = tempDir("hub-dist-");
    mkdirSync(join(distDir, "assets"));
    writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Panel</title>");
    writeFileSync(join(distDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(distDir, "manifest.json"), "{}");
    writeFileSync(join(distDir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(distDir, "assets", "index-abc123.js.map"), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(join(distDir, "sw.js.map"), '{"version":3}');
    hub = await startTestHub({ distDir });

    const index = await fetch(`${hub.url}/`, { headers: { accept: "text/html" } });
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(index.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(index.headers.get("x-content-type-options")).toBe("nosniff");
    expect(index.headers.get("referrer-policy")).toBe("same-origin");

    expect((await fetch(`${hub.url}/sw.js`)).headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${hub.url}/manifest.json`)).headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${hub.url}/assets/index-abc123.js`)).headers.get("cache-control")).toContain("immutable");

    const deepLink = await fetch(`${hub.url}/cameras/live?id=zoom`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain("<title>Panel</title>");

    for (const map of ["/assets/index-abc123.js.map", "/sw.js.map"]) {
      const response = await fetch(`${hub.url}${map}`, { headers: { accept: "*/*" } });
      expect(response.status, map).toBe(404);
      expect(await response.text()).not.toContain("sources");
    }

    const missingAsset = await fetch(`${hub.url}/assets/missing.js`, { headers: { accept: "*/*" } });
    expect(missingAsset.status).toBe(404);
    const api = await fetch(`${hub.url}/api/v2/unknown`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
