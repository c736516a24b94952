import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RecordingAnswerSchema,
  RecordingsAnswerSchema,
  recordingLockPath,
  recordingPath,
  recordingSnapshotPath,
  recordingsPath,
  recordingsTopic,
  RECORDINGS_PATH,
} from "../../../contract/camera-controls";
import {
  CAMERA_CONFIG_TOPIC,
  CameraConfigPayloadSchema,
  CameraHeartbeatPayloadSchema,
  CameraStatePayloadSchema,
  cameraHeartbeatTopic,
  cameraStateTopic,
  type CameraStatePayload,
} from "../../../contract/camera-state";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { startMosquitto, type TestMosquitto } from "../../../tests/e2e/support/mosquitto";
import { openDb } from "../../domains";
import {
  call,
  connectBrowser,
  connectMqtt,
  deviceLogin,
  freePort,
  jsonOf,
  login,
  nextJson,
  nextMessage,
  startTestHub,
  tempDir,
  until,
  type TestHub,
} from "../../testing/harness";
import {
  frigateFixture,
  startFrigateSimulator,
  type FrigateSimulator,
  type SimulatedFrigateEvent,
} from "../../testing/frigate";
import { RecordingStore } from "../recordings/store";

const CAMERAS = DEFAULT_API_BASES.cameras;

/** The household: `wejscie` is Frigate's `front_door` (its picture an HLS stream nobody reads here), `ogrod` the hub's own. */
function householdFile(frigate: Record<string, unknown>): string {
  const file = join(tempDir("frigate-"), "household.json");
  writeFileSync(
    file,
    JSON.stringify({
      cameras: [
        {
          id: "wejscie",
          label: "Wejście",
          frigate: "front_door",
          source: { type: "hls", url: "http://127.0.0.1:9/live/index.m3u8" },
        },
        { id: "ogrod", label: "Ogród", source: { type: "demo", hue: 120 } },
      ],
      frigate,
    }),
  );
  return file;
}

async function list(hub: TestHub, cookie: string, cameraId?: string) {
  const path = cameraId === undefined ? RECORDINGS_PATH : recordingsPath(cameraId);
  return jsonOf(await call(hub, "GET", `${CAMERAS}${path}`, { cookie }), RecordingsAnswerSchema);
}

async function lock(hub: TestHub, cookie: string, id: string) {
  return jsonOf(
    await call(hub, "PATCH", `${CAMERAS}${recordingLockPath(id)}`, { cookie, body: {} }),
    RecordingAnswerSchema,
  );
}

/** Events from Frigate's MQTT become recordings; the lock is Frigate's retain, read back; delete refused while locked. */
async function recordsAndLocks(hub: TestHub, frigate: FrigateSimulator, browser: MqttClient, cookie: string) {
  const announced = nextMessage(browser, recordingsTopic("wejscie"));
  const event = await frigate.track({ camera: "front_door", label: "car", durationS: 6 });
  await announced;
  const id = `frigate-${event.id}`;
  const listed = (await list(hub, cookie, "wejscie")).items.find((item) => item.id === id);
  expect(listed).toMatchObject({
    cameraId: "wejscie",
    media: "mp4",
    snapshot: true,
    label: "car",
    locked: false,
    durationMs: 6000,
    startedAt: new Date(event.start_time * 1000).toISOString(),
  });

  const locked = await lock(hub, cookie, id);
  expect(locked.item.locked).toBe(true);
  expect(frigate.events.get(event.id)?.retain_indefinitely).toBe(true);
  expect(frigate.requests).toContain(`POST /api/events/${event.id}/retain`);
  const refused = await call(hub, "DELETE", `${CAMERAS}${recordingPath(id)}`, { cookie });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("RECORDING_LOCKED");
  expect(frigate.events.has(event.id)).toBe(true);

  const unlocked = await lock(hub, cookie, id);
  expect(unlocked.item.locked).toBe(false);
  expect(frigate.requests).toContain(`DELETE /api/events/${event.id}/retain`);
  const deleted = await call(hub, "DELETE", `${CAMERAS}${recordingPath(id)}`, { cookie });
  expect(deleted.status).toBe(200);
  expect(frigate.events.has(event.id)).toBe(false);
  expect((await list(hub, cookie, "wejscie")).items.map((item) => item.id)).not.toContain(id);
}

describe("Frigate on the embedded broker: events, backfill, lock, playback, motion, Frigate down, hostile payloads", () => {
  let hub: TestHub;
  let frigate: FrigateSimulator;
  let browser: MqttClient;
  let cookie: string;
  /** An event in Frigate's database before the hub starts: the fixture of Frigate's own UI tests, on front_door. */
  const earlier = frigateFixture<SimulatedFrigateEvent[]>("api-events.json").payload[0] as SimulatedFrigateEvent;

  beforeAll(async () => {
    frigate = await startFrigateSimulator();
    const start = Date.now() / 1000 - 3600;
    frigate.events.set(earlier.id, { ...earlier, start_time: start, end_time: start + 30 });
    hub = await startTestHub({
      householdConfigPath: householdFile({ url: frigate.url }),
      mqttPort: await freePort(),
    });
    cookie = await login(hub);
    browser = await connectBrowser(hub, cookie);
    const credentials = await deviceLogin(hub, "frigate", { kind: "frigate", topic: "frigate" });
    await frigate.connect(`mqtt://127.0.0.1:${hub.mqttPort}`, credentials);
  }, 30_000); // ffmpeg makes the clip and the hub starts: a few seconds on a busy machine
  afterAll(async () => {
    browser?.end(true);
    await frigate?.close();
    await hub?.cleanup();
  });

  it("backfills Frigate's events at start: the one in its database is listed with its snapshot, label and lock", async () => {
    await until(() => frigate.requests.some((request) => request.startsWith("GET /api/events?cameras=front_door")));
    const items = (await list(hub, cookie, "wejscie")).items;
    expect(items.find((item) => item.id === `frigate-${earlier.id}`)).toMatchObject({
      cameraId: "wejscie",
      media: "mp4",
      snapshot: true,
      label: "person",
      locked: false,
      durationMs: 30_000,
    });
  });

  it("an event from <base>/events becomes a recording; lock sets Frigate's retain and reads it back; delete refused while locked", async () => {
    await recordsAndLocks(hub, frigate, browser, cookie);
  });

  it("the documented frigate/events payload is read as it is; a reconnect backfills what Frigate recorded meanwhile", async () => {
    const documented = frigateFixture("events-update.json");
    const announced = nextMessage(browser, recordingsTopic("wejscie"));
    await frigate.publish(documented.topic ?? "", JSON.stringify(documented.payload));
    await announced;
    const items = (await list(hub, cookie, "wejscie")).items;
    expect(items.find((item) => item.id === "frigate-1607123955.475377-mxklsc")).toMatchObject({
      label: "person",
      snapshot: false,
      startedAt: new Date(1607123955475).toISOString(),
    });

    // Frigate writes an event the hub never heard of (MQTT was down), then comes back online.
    const missed = {
      ...frigate.events.values().next().value!,
      id: "1700000000.000001-abcdef",
      start_time: Date.now() / 1000 - 60,
    };
    frigate.events.set(missed.id, missed);
    await frigate.publish("frigate/available", "online", true);
    // The backfill (GET /api/events) runs when Frigate comes back: listed once it has been read.
    await expect
      .poll(async () => (await list(hub, cookie, "wejscie")).items.map((item) => item.id), { timeout: 10_000 })
      .toContain("frigate-1700000000.000001-abcdef");
  });

  it("plays the clip through the hub with HTTP Range (206 and the right bytes) and serves the snapshot", async () => {
    const event = await frigate.track({ camera: "front_door" });
    const id = `frigate-${event.id}`;
    await until(() => frigate.events.has(event.id));
    const whole = await call(hub, "GET", `${CAMERAS}${recordingPath(id)}`, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(frigate.media.clip)).toBe(true);

    const part = await call(hub, "GET", `${CAMERAS}${recordingPath(id)}`, {
      cookie,
      headers: { range: "bytes=100-1099" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${frigate.media.clip.length}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(frigate.media.clip.subarray(100, 1100))).toBe(true);
    expect(frigate.requests).toContain(`GET /api/events/${event.id}/clip.mp4 range=bytes=100-1099`);

    const beyond = await call(hub, "GET", `${CAMERAS}${recordingPath(id)}`, {
      cookie,
      headers: { range: "bytes=99999999-" },
    });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();

    const snapshot = await call(hub, "GET", `${CAMERAS}${recordingSnapshotPath(id)}`, { cookie });
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await snapshot.arrayBuffer()).equals(frigate.media.snapshot)).toBe(true);
  });

  it("motion and availability feed camera/state, camera/heartbeat and camera/config", async () => {
    const online = nextJson(
      browser,
      cameraStateTopic("wejscie"),
      CameraStatePayloadSchema,
      (s) => s.state === "online",
    );
    const heartbeat = nextJson(browser, cameraHeartbeatTopic("wejscie"), CameraHeartbeatPayloadSchema);
    const moving = nextJson(browser, CAMERA_CONFIG_TOPIC, CameraConfigPayloadSchema, (config) =>
      config.cameras.some((camera) => camera.id === "wejscie" && camera.motion),
    );
    await frigate.motion("front_door", true);
    await Promise.all([online, heartbeat, moving]);
    const still = nextJson(browser, CAMERA_CONFIG_TOPIC, CameraConfigPayloadSchema, (config) =>
      config.cameras.some((camera) => camera.id === "wejscie" && !camera.motion),
    );
    await frigate.motion("front_door", false);
    await still;

    const offline = nextJson(
      browser,
      cameraStateTopic("wejscie"),
      CameraStatePayloadSchema,
      (s) => s.state === "offline" && s.reason === "unreachable",
    );
    await frigate.publish("frigate/available", "offline", true);
    await offline;
    const back = nextJson(browser, cameraStateTopic("wejscie"), CameraStatePayloadSchema, (s) => s.state === "online");
    await frigate.publish("frigate/available", "online", true);
    await back;
  });

  it("a Frigate that does not answer: its camera's list is 409 DEVICE_UNREACHABLE, the rest is still listed", async () => {
    // One of the hub's own frame clips, of the other camera.
    const db = openDb(hub.dataDir);
    try {
      new RecordingStore(db).insert({
        id: "rec-1-abcd",
        cameraId: "ogrod",
        startedAtMs: Date.now(),
        durationMs: 5000,
        bytes: 10,
      });
    } finally {
      db.close();
    }
    frigate.setDown(true);
    const offline = nextJson(
      browser,
      cameraStateTopic("wejscie"),
      CameraStatePayloadSchema,
      (s) => s.state === "offline",
    );
    await frigate.publish("frigate/available", "offline", true);
    await offline;
    const refused = await call(hub, "GET", `${CAMERAS}${recordingsPath("wejscie")}`, { cookie });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("DEVICE_UNREACHABLE");
    expect(body.message).toBe(`Frigate at ${new URL(frigate.url).host} does not answer`);
    expect((await list(hub, cookie)).items.map((item) => item.id)).toEqual(["rec-1-abcd"]);
    expect((await list(hub, cookie, "ogrod")).items.map((item) => item.id)).toEqual(["rec-1-abcd"]);

    frigate.setDown(false);
    await frigate.publish("frigate/available", "online", true);
    await until(() => frigate.requests.filter((r) => r.startsWith("GET /api/events?")).length > 2);
    expect((await list(hub, cookie, "wejscie")).items.length).toBeGreaterThan(0);
  });

  it("hostile Frigate payloads (malformed JSON, __proto__, huge, bad values) are refused and counted; nothing else is lost", async () => {
    const before = hub.devices.registry.stats.refused;
    const good = frigate.eventMessage("new", {
      ...frigate.events.values().next().value!,
      id: "1700000001.000001-zzzzzz",
    });
    await frigate.publish("frigate/events", "{not json");
    await frigate.publish(
      "frigate/events",
      '{"type":"new","after":{"__proto__":{"polluted":true},"id":"1700000002.1-aaaaaa","camera":"front_door","label":"person","start_time":1700000002}}',
    );
    await frigate.publish(
      "frigate/events",
      JSON.stringify({ type: "new", after: { id: "x", label: "a".repeat(60_000) } }),
    );
    await frigate.publish("frigate/events", JSON.stringify({ type: "boom", after: {} }));
    await frigate.publish("frigate/reviews", JSON.stringify({ type: "new", after: { camera: "front_door" } }));
    await frigate.publish("frigate/front_door/motion", "MAYBE");
    await frigate.publish("frigate/available", "perhaps");
    const announced = nextMessage(browser, recordingsTopic("wejscie"));
    await frigate.publish("frigate/events", JSON.stringify(good));
    await announced;
    await until(() => hub.devices.registry.stats.refused >= before + 7);
    const reports = hub.devices.registry.reports().join("\n");
    expect(reports).toContain("frigate events: not a JSON object");
    expect(reports).toContain("frigate events: has a __proto__/constructor/prototype key");
    expect(reports).toContain("frigate events: type:");
    expect(reports).toContain('frigate front_door/motion: "MAYBE" is not ON or OFF');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await list(hub, cookie, "wejscie")).items.map((item) => item.id)).toContain(
      "frigate-1700000001.000001-zzzzzz",
    );
  });

  it("Frigate's stats: a camera whose camera_fps is 0 (or that the stats do not name) is offline until it has frames again", async () => {
    await followsStats(frigate, browser, true);
    // Frigate detects motion only in frames it gets: motion before the next stats means the stream is back
    await frigate.stats({ front_door: 0 });
    await stateOfWejscie(browser, (s) => s.state === "offline");
    await frigate.motion("front_door", true);
    await stateOfWejscie(browser, (s) => s.state === "online");
    await frigate.motion("front_door", false);
    const backfills = frigate.requests.length;
    await frigate.publish("frigate/available", "online", true);
    await until(() => frigate.requests.slice(backfills).some((request) => request.startsWith("GET /api/events?")));
    expect((await stateOfWejscie(browser, () => true)).state).toBe("online");
  }, 30_000);

  it("malformed, hostile or oversized stats are refused and counted and change nothing; good stats still count", async () => {
    await frigate.stats({ front_door: 5 });
    await stateOfWejscie(browser, (s) => s.state === "online");
    const before = hub.devices.registry.stats.refused;
    const good = (await frigate.stats({ front_door: 5 })) as Record<string, unknown>;
    const cameras = (fps: unknown) => JSON.stringify({ ...good, cameras: { front_door: { camera_fps: fps } } });
    await frigate.publish("frigate/stats", "{not json");
    await frigate.publish("frigate/stats", cameras("0"));
    await frigate.publish("frigate/stats", cameras(-1));
    await frigate.publish("frigate/stats", cameras(null));
    await frigate.publish("frigate/stats", JSON.stringify({ ...good, cameras: [] }));
    await frigate.publish("frigate/stats", '{"cameras":{"__proto__":{"camera_fps":0},"front_door":{"camera_fps":0}}}');
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`cam${i}`, { camera_fps: 0 }]));
    await frigate.publish("frigate/stats", JSON.stringify({ cameras: { ...many, front_door: { camera_fps: 0 } } }));
    let deep: unknown = { camera_fps: 0 };
    for (let i = 0; i < 200; i++) deep = { nested: deep };
    await frigate.publish("frigate/stats", JSON.stringify({ cameras: { front_door: { camera_fps: 0 } }, deep }));
    await until(() => hub.devices.registry.stats.refused >= before + 8);
    const reports = hub.devices.registry.reports().join("\n");
    expect(reports).toContain("frigate stats: not a JSON object");
    expect(reports).toContain("frigate stats: cameras.front_door.camera_fps:");
    expect(reports).toContain("frigate stats: has a __proto__/constructor/prototype key");
    expect(reports).toContain("frigate stats: cameras: names over 256 cameras");
    expect(reports).toContain("frigate stats: cameras: is an array");
    expect(({} as Record<string, unknown>).camera_fps).toBeUndefined();
    expect((await stateOfWejscie(browser, () => true)).state).toBe("online");
    await frigate.stats({ front_door: 0 });
    await stateOfWejscie(browser, (s) => s.state === "offline");
    await frigate.stats({ front_door: 5 });
    await stateOfWejscie(browser, (s) => s.state === "online");
  });
});

/** The retained `camera/state/wejscie` now (a new subscription gets it again), once `accept` takes it. */
function stateOfWejscie(browser: MqttClient, accept: (state: CameraStatePayload) => boolean) {
  return nextJson(browser, cameraStateTopic("wejscie"), CameraStatePayloadSchema, accept);
}

/**
 * Frigate's stats (the fixture's shape) decide the camera's health: `camera_fps` 0 is offline (unreachable)
 * as a Frigate-wide outage is (no heartbeat meanwhile), and stays so when Frigate says `online`; missing
 * from the stats, offline; frames again, online (and, with `heartbeat`, a new heartbeat within 10 s).
 */
async function followsStats(frigate: FrigateSimulator, browser: MqttClient, heartbeat: boolean) {
  await frigate.stats({ front_door: 5, backyard: 5 });
  await stateOfWejscie(browser, (s) => s.state === "online");

  const downAt = Date.now();
  await frigate.stats({ front_door: 0, backyard: 5 });
  const offline = await stateOfWejscie(browser, (s) => s.state === "offline");
  expect(offline.reason).toBe("unreachable");
  expect(Date.parse(offline.since)).toBeGreaterThanOrEqual(downAt);

  // Frigate itself is (still) online: the camera's stream is what is down
  const backfills = frigate.requests.length;
  await frigate.publish("frigate/available", "online", true);
  await until(() => frigate.requests.slice(backfills).some((request) => request.startsWith("GET /api/events?")));
  expect((await stateOfWejscie(browser, () => true)).state).toBe("offline");

  const beat = await nextJson(browser, cameraHeartbeatTopic("wejscie"), CameraHeartbeatPayloadSchema);
  expect(Date.parse(beat.lastFrameAt)).toBeLessThan(downAt);

  const backAt = Date.now();
  await frigate.stats({ front_door: 4.1, backyard: 5 });
  const online = await stateOfWejscie(browser, (s) => s.state === "online");
  expect(Date.parse(online.since)).toBeGreaterThanOrEqual(backAt);
  if (heartbeat) {
    // the heartbeat follows (the hub sends at most one each 10 s)
    await nextMessage(browser, cameraHeartbeatTopic("wejscie"), 12_000, (payload) => {
      const next = v.parse(CameraHeartbeatPayloadSchema, JSON.parse(payload));
      return Date.parse(next.lastFrameAt) >= backAt;
    });
  }

  // a camera Frigate's stats do not name (renamed in Frigate's config, say) is offline too
  await frigate.stats({ backyard: 5 });
  await stateOfWejscie(browser, (s) => s.state === "offline");
  await frigate.stats({ front_door: 5, backyard: 5 });
  await stateOfWejscie(browser, (s) => s.state === "online");
}

describe("Frigate on Mosquitto as the household broker, with Frigate's login", () => {
  let mosquitto: TestMosquitto;
  let hub: TestHub;
  let frigate: FrigateSimulator;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    frigate = await startFrigateSimulator({ auth: { user: "hub", password: "frigate-secret" } });
    hub = await startTestHub({
      householdConfigPath: householdFile({ url: frigate.url, username: "hub", password: "frigate-secret" }),
      mqttUrl: mosquitto.hubUrl,
      mqttWsUrl: mosquitto.wsUrl,
    });
    await frigate.connect(mosquitto.tcpUrl, await mosquitto.deviceLogin("frigate"));
  }, 30_000);
  afterAll(async () => {
    await frigate?.close();
    await hub?.cleanup();
    await mosquitto?.close();
  });

  it("Frigate's events over TCP become recordings the dashboard's user hears of; lock and delete go to Frigate with its JWT; an oversized event is refused", async () => {
    const cookie = await login(hub);
    const browser = await connectMqtt(mosquitto.wsUrl);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's subscriptions are in place
      await recordsAndLocks(hub, frigate, browser, cookie);
      expect(frigate.requests).toContain("POST /api/login");
      // Mosquitto passes payloads over 64 KiB on (the embedded broker refuses them itself): the hub refuses and counts them.
      const before = hub.devices.registry.stats.refused;
      await frigate.publish("frigate/events", JSON.stringify({ type: "new", after: { label: "x".repeat(100_000) } }));
      await until(() => hub.devices.registry.stats.refused > before);
      expect(hub.devices.registry.reports().at(-1)).toMatch(/^frigate events: 1000\d\d bytes \(at most 65536\)$/);
    } finally {
      browser.end(true);
    }
  });

  it("Frigate's stats over TCP decide each camera's health; oversized stats are refused and counted", async () => {
    const browser = await connectMqtt(mosquitto.wsUrl);
    try {
      await followsStats(frigate, browser, false);
      const before = hub.devices.registry.stats.refused;
      const padding = "x".repeat(100_000);
      await frigate.publish("frigate/stats", JSON.stringify({ cameras: { front_door: { camera_fps: 0 } }, padding }));
      await until(() => hub.devices.registry.stats.refused > before);
      expect(hub.devices.registry.reports().at(-1)).toMatch(/^frigate stats: 1000\d\d bytes \(at most 65536\)$/);
      expect((await stateOfWejscie(browser, () => true)).state).toBe("online");
    } finally {
      browser.end(true);
    }
  }, 30_000);
});
