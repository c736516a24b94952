// Live-ingest benchmark (DESIGN.md §6): a burst of 2,000 retained topics delivered on connect, then
// 500 messages/s over 200 topics for 20 s, with Chromium's CPU throttled 4x. Prints long tasks
// (count, max, total) per phase, the time from the MQTT WebSocket opening to the burst being applied,
// and React commits per message. Run: `npx tsx bench/live-ingest.ts` after `npm run build`.
//
// Every message takes the household's path (only the hub writes the dashboard's
// topics): Tasmota devices, each logged in with its own MQTT user, publish their native payloads and
// the hub's bridge turns them into the dashboard's retained topics.
import mqtt, { type MqttClient } from "mqtt";
import * as v from "valibot";
import { startTestHub } from "../tests/e2e/support/hub";
import { benchHouseholdEnv } from "./household";
import { SensorListSchema, deviceOf, nativeReading, type Sensor } from "../tests/e2e/support/mqtt";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";
import { installPageProbes, readProbes, type LongTask } from "./probes";

const BURST = 2_000;
const RATE_PER_S = 500;
const SUSTAINED_TOPICS = 200;
const SUSTAINED_S = Number(process.env.BENCH_SUSTAINED_S ?? 20);
/** Chromium CPU slowdown (CDP Emulation.setCPUThrottlingRate); BENCH_CPU_THROTTLE=1 for DESIGN §6's live burst row, which names no slowdown. */
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);

/** Relays per bench device (POWER1..POWER4 in its STATE). */
const RELAYS = 4;
/** Dashboard topics the bridge makes of one bench device's burst: availability + LWT, 4 power + STATE, SENSOR. */
const TOPICS_PER_DEVICE = 2 + RELAYS + 1 + 1;
const BENCH_DEVICES = Math.ceil(BURST / TOPICS_PER_DEVICE);
const benchDevice = (i: number) => `bench_${i}`;
const onOff = (on: boolean) => (on ? "ON" : "OFF");

/**
 * One bench device's native messages, as a Tasmota sends them on connect: `tele/<t>/LWT` Online
 * (-> `availability/<t>`, `tasmota/tele/<t>/LWT`), `tele/<t>/STATE` with 4 relays (-> `power/<t>/POWER1..4`,
 * `tasmota/tele/<t>/STATE`) and `tele/<t>/SENSOR` (-> `tasmota/tele/<t>/SENSOR`): 8 retained dashboard topics.
 */
function deviceBurst(i: number): Array<[string, string, boolean]> {
  const t = benchDevice(i);
  const time = new Date().toISOString().slice(0, 19);
  const relays = Object.fromEntries(
    Array.from({ length: RELAYS }, (_, r) => [`POWER${r + 1}`, onOff((i + r) % 2 === 0)]),
  );
  return [
    [`tele/${t}/LWT`, "Online", true],
    [
      `tele/${t}/STATE`,
      JSON.stringify({ Time: time, Uptime: `0T0${i % 10}:00:00`, Heap: 25, ...relays, Wifi: { RSSI: 60 } }),
      false,
    ],
    [`tele/${t}/SENSOR`, JSON.stringify({ Time: time, ANALOG: { A0: i % 1024 } }), false],
  ];
}

/** One connection per device, each logged in with the device's own MQTT user (hub.deviceLogin). */
async function connectDevices(names: readonly string[]): Promise<Map<string, MqttClient>> {
  const out = new Map<string, MqttClient>();
  for (let from = 0; from < names.length; from += 25) {
    const batch = await Promise.all(
      names.slice(from, from + 25).map(async (name) => {
        const login = await hub.deviceLogin(name);
        return [
          name,
          await mqtt.connectAsync(hub.mqttTcpUrl, { clientId: `bench-${name}`, reconnectPeriod: 0, ...login }),
        ] as const;
      }),
    );
    for (const [name, client] of batch) out.set(name, client);
  }
  return out;
}

const summarise = (tasks: LongTask[], from: number, to: number) => {
  const inPhase = tasks.filter((t) => t.start >= from && t.start < to);
  const max = inPhase.reduce((m, t) => Math.max(m, t.duration), 0);
  const total = inPhase.reduce((s, t) => s + t.duration, 0);
  return { count: inPhase.length, max, total };
};

const hub = await startTestHub({
  env: benchHouseholdEnv(
    Array.from({ length: BENCH_DEVICES }, (_, i) => benchDevice(i)),
    RELAYS,
  ),
});
const browser = await launchChromium();
try {
  // Baseline in the same run: the same login at the same throttle before any burst is retained, so
  // the long tasks of the first render (route chunks, tiles, i18n) are told apart from the burst's.
  const baseline = await loginBaseline();
  const devices = await connectDevices(Array.from({ length: BENCH_DEVICES }, (_, i) => benchDevice(i)));
  await Promise.all(
    Array.from({ length: BENCH_DEVICES }, async (_, i) => {
      const client = devices.get(benchDevice(i));
      const messages = deviceBurst(i);
      for (const [topic, payload, retain] of messages.slice(0, -1)) client?.publish(topic, payload, { qos: 0, retain });
      const [topic, payload, retain] = messages[messages.length - 1] ?? ["", "", false];
      await client?.publishAsync(topic, payload, { qos: 1, retain }); // everything before it has reached the broker
    }),
  );

  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installPageProbes(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  let wsOpenedWallMs = 0;
  let burstFrames = 0;
  let lastBurstFrameWallMs = 0;
  let burstWsFrames = 0; // WebSocket frames that carried burst messages
  let largestBurstFrame = 0; // most burst messages in one WebSocket frame
  let sensorHits = 0; // sustained dashboard topics seen in WebSocket frames (sensor/..., power/bench_...)
  // The live channel runs in a worker: Playwright reports its WebSocket through the page;
  // a page CDP session would not see it.
  page.on("websocket", (ws) => {
    wsOpenedWallMs = Date.now();
    ws.on("framereceived", ({ payload }) =>
      countFrame(typeof payload === "string" ? payload : payload.toString("latin1")),
    );
  });
  const countFrame = (text: string) => {
    sensorHits += text.split("sensor/").length - 1 + text.split("power/bench_").length - 1;
    const hits = text.split("bench_").length - 1;
    if (hits > 0) {
      burstWsFrames += 1;
      largestBurstFrame = Math.max(largestBurstFrame, hits);
      burstFrames += hits;
      lastBurstFrameWallMs = Date.now();
    }
  };

  // The page's own count (window.__liveStats, src/app/boot.ts): the first animation frame at which
  // the ingest has applied BURST values, on the page's clock. Independent of how fast Playwright
  // relays 2,000 WebSocket frame events to this process.
  // (A string, not a function: tsx's keepNames would put its __name helper into the page.)
  await page.addInitScript({
    content: `(() => {
      const tick = () => {
        const stats = window.__liveStats?.();
        if (stats && stats.received >= 100 && window.__burstFirstAt === undefined) window.__burstFirstAt = performance.now();
        if (stats && stats.received >= ${BURST} && window.__burstReceivedAt === undefined) window.__burstReceivedAt = performance.now();
        if ((stats?.applied ?? 0) >= ${BURST}) window.__burstAppliedAt = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })();`,
  });
  await loginAsDemo(page, hub.baseURL);
  // Wait until the browser received the whole burst (or it went quiet for 5 s), then let the page
  // finish: the first animation frame after that is when the ingest has applied it.
  const waitStart = Date.now();
  while (burstFrames < BURST && Date.now() - Math.max(lastBurstFrameWallMs, waitStart) < 5_000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const appliedWallMs = await page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(Date.now())))),
  );
  const burstEnd = await page.evaluate(() => performance.now());
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  const wsOpenedPageMs = wsOpenedWallMs - timeOrigin; // same clock as the long-task entries
  await page
    .waitForFunction(
      () => (window as unknown as { __burstAppliedAt?: number }).__burstAppliedAt !== undefined,
      undefined,
      { timeout: 60_000 },
    )
    .catch(() => undefined); // NaN below says it never got there
  const appliedPageMs = await page.evaluate(
    () => (window as unknown as { __burstAppliedAt?: number }).__burstAppliedAt ?? NaN,
  );
  const firstPageMs = await page.evaluate(
    () => (window as unknown as { __burstFirstAt?: number }).__burstFirstAt ?? NaN,
  );
  const receivedPageMs = await page.evaluate(
    () => (window as unknown as { __burstReceivedAt?: number }).__burstReceivedAt ?? NaN,
  );
  const burstReceived = burstFrames;
  const burstFramesUsed = burstWsFrames;
  const burstLargest = largestBurstFrame;

  // Sustained phase: 500 device messages/s over 200 dashboard topics, some of them read by the home
  // tiles (a configured sensor's native reading from its own device) and the rest bench relays
  // (`stat/bench_<i>/POWER<n>` -> `power/bench_<i>/POWER<n>`, ON and OFF in turn).
  const sensors = await page.request.get(`${hub.baseURL}/api/v2/config/sensors`);
  const body: unknown = await sensors.json();
  const tileSensors = extractTileSensors(body);
  const tileTopics = tileSensors.map((s) => `sensor/${s.kind}/${s.place}`);
  for (const [name, client] of await connectDevices([
    ...new Set(tileSensors.map((s) => deviceOf(nativeReading(s, 0).topic))),
  ]))
    devices.set(name, client);
  type Source = { tile: Sensor } | { relay: string };
  const sources: Source[] = [
    ...tileSensors.map((tile) => ({ tile })),
    ...Array.from({ length: SUSTAINED_TOPICS }, (_, k) => ({
      relay: `stat/${benchDevice(Math.floor(k / RELAYS))}/POWER${(k % RELAYS) + 1}`,
    })),
  ].slice(0, SUSTAINED_TOPICS);
  const publishFrom = (source: Source, round: number) => {
    const native =
      "tile" in source ? nativeReading(source.tile, Math.round((15 + Math.random() * 10) * 10) / 10) : null;
    const topic = native ? native.topic : "relay" in source ? source.relay : "";
    const payload = native ? JSON.stringify(native.payload) : onOff(round % 2 === 0);
    devices.get(deviceOf(topic))?.publish(topic, payload, { qos: 0 });
  };
  const topics = sources;
  const before = await readProbes(page);
  const sensorHitsBefore = sensorHits;
  let sent = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * RATE_PER_S);
      while (sent < due) {
        const source = sources[sent % sources.length];
        if (source) publishFrom(source, Math.floor(sent / sources.length));
        sent++;
      }
      if (Date.now() - started >= SUSTAINED_S * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  // Backlog: how long until a reading published right at the end shows on its tile.
  const markerSensor = tileSensors.find((s) => s.kind === "temp");
  let markerMs = Number.NaN;
  if (markerSensor !== undefined) {
    const testId = `sensor-temp-${markerSensor.place}`;
    const markerSent = Date.now();
    const marker = nativeReading(markerSensor, 99.9);
    devices.get(deviceOf(marker.topic))?.publish(marker.topic, JSON.stringify(marker.payload), { qos: 0 });
    await page.getByTestId(testId).getByTestId("sensor-value").filter({ hasText: "99,9" }).waitFor({ timeout: 60_000 });
    markerMs = Date.now() - markerSent;
  }
  await page.waitForTimeout(1_000);
  const after = await readProbes(page);
  const receivedSustained = sensorHits - sensorHitsBefore;
  await Promise.all([...devices.values()].map((client) => client.endAsync()));

  const boot = summarise(after.longTasks, 0, burstEnd);
  const burst = summarise(after.longTasks, wsOpenedPageMs, burstEnd);
  const sustained = summarise(after.longTasks, before.now, after.now);
  const commits = after.commits - before.commits;
  printTable(`live ingest at ${CPU_THROTTLE}x CPU throttle (${new Date().toISOString()})`, [
    ["baseline: login, no burst: long tasks (count)", String(baseline.count)],
    ["baseline: login, no burst: longest task", ms(baseline.max)],
    ["baseline: login, no burst: long-task total", ms(baseline.total)],
    [
      `burst: retained topics received by the page (${BENCH_DEVICES} devices)`,
      `${burstReceived} / ${BENCH_DEVICES * TOPICS_PER_DEVICE}`,
    ],
    ["burst: WebSocket frames (most messages in one)", `${burstFramesUsed} (${burstLargest})`],
    ["burst: WebSocket open -> 100 messages on the main thread", ms(firstPageMs - wsOpenedPageMs)],
    [
      "burst: WebSocket open -> all on the main thread (window.__liveStats received)",
      ms(receivedPageMs - wsOpenedPageMs),
    ],
    [
      "burst: WebSocket open -> burst applied (window.__liveStats applied)",
      ms(appliedPageMs - wsOpenedPageMs),
      "on screen within 1 s",
    ],
    ["burst: WebSocket open -> last frame relayed to the bench, then a frame", ms(appliedWallMs - wsOpenedWallMs)],
    ["page load -> burst applied: long tasks (count / longest)", `${boot.count} / ${ms(boot.max)}`],
    ["burst (from WebSocket open): long tasks (count)", String(burst.count)],
    ["burst: longest task", ms(burst.max), "<= 200 ms"],
    ["burst: long-task total", ms(burst.total)],
    [`sustained: device messages sent (${SUSTAINED_S} s, ${topics.length} topics)`, String(sent), `${RATE_PER_S}/s`],
    ["sustained: messages received by the page", String(receivedSustained)],
    ["sustained: long tasks (count)", String(sustained.count)],
    ["sustained: longest task", ms(sustained.max), "<= 50 ms"],
    ["sustained: long-task total", ms(sustained.total)],
    [
      "sustained: animation frames per second",
      ((after.frames - before.frames) / ((after.now - before.now) / 1000)).toFixed(1),
    ],
    ["sustained: React commits", String(commits)],
    ["sustained: React commits per message", (commits / Math.max(sent, 1)).toFixed(4)],
    ["sustained: topics read by home tiles", String(tileTopics.length)],
    ["after load: last reading -> shown on its tile", ms(markerMs), "input answered within 1 s"],
  ]);
} finally {
  await browser.close();
  await hub.close();
}

/** Logs in at the same CPU throttle with nothing extra retained; long tasks of the first 5 s after the top bar shows. */
async function loginBaseline(): Promise<{ count: number; max: number; total: number }> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await installPageProbes(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
    await loginAsDemo(page, hub.baseURL);
    await page.waitForTimeout(5_000);
    const probes = await readProbes(page);
    return summarise(probes.longTasks, 0, probes.now);
  } finally {
    await context.close();
  }
}

/** Every configured sensor in a GET /config/sensors answer (validated). */
function extractTileSensors(body: unknown): Sensor[] {
  const parsed = v.safeParse(SensorListSchema, body);
  return parsed.success ? parsed.output.items : [];
}
