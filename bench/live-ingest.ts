// Live-ingest benchmark (DESIGN.md §6): a burst of 2,000 retained topics delivered on connect, then
// 500 messages/s over 200 topics for 20 s, with Chromium's CPU throttled 4x. Prints long tasks
// (count, max, total) per phase, the time from the MQTT WebSocket opening to the burst being applied,
// and React commits per message. Run: `npx tsx bench/live-ingest.ts` after `npm run build`.
import mqtt from "mqtt";
import * as v from "valibot";
import { startTestHub } from "../tests/e2e/support/hub";
import { SensorListSchema } from "../tests/e2e/support/mqtt";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";
import { installPageProbes, readProbes, type LongTask } from "./probes";

const BURST = 2_000;
const RATE_PER_S = 500;
const SUSTAINED_TOPICS = 200;
const SUSTAINED_S = Number(process.env.BENCH_SUSTAINED_S ?? 20);
const CPU_THROTTLE = 4;

const reading = (value: number) => JSON.stringify({ value, time: new Date().toISOString() });

/** 2,000 retained topics across namespaces: mostly sensor readings, plus power and Tasmota tele. */
function burstMessages(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; out.length < BURST; i++) {
    if (i % 10 < 7) out.push([`sensor/temp/bench_${i}`, reading(20 + (i % 50) / 10)]);
    else if (i % 10 < 9) out.push([`power/bench_${i}/POWER`, JSON.stringify({ state: i % 2 ? "ON" : "OFF" })]);
    else out.push([`tasmota/tele/bench_${i}/STATE`, JSON.stringify({ POWER: "ON", Uptime: `0T0${i % 10}:00:00` })]);
  }
  return out;
}

const summarise = (tasks: LongTask[], from: number, to: number) => {
  const inPhase = tasks.filter((t) => t.start >= from && t.start < to);
  const max = inPhase.reduce((m, t) => Math.max(m, t.duration), 0);
  const total = inPhase.reduce((s, t) => s + t.duration, 0);
  return { count: inPhase.length, max, total };
};

const hub = await startTestHub();
const browser = await launchChromium();
try {
  // Baseline in the same run: the same login at the same throttle before any burst is retained, so
  // the long tasks of the first render (route chunks, tiles, i18n) are told apart from the burst's.
  const baseline = await loginBaseline();
  const device = await mqtt.connectAsync(hub.mqttTcpUrl, { clientId: "bench-publisher" });
  for (const [topic, payload] of burstMessages()) device.publish(topic, payload, { qos: 0, retain: true });
  await device.publishAsync("bench/ready", "1", { qos: 1 }); // everything before it has reached the broker

  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installPageProbes(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  await cdp.send("Network.enable");
  let wsOpenedWallMs = 0;
  let burstFrames = 0;
  let lastBurstFrameWallMs = 0;
  let burstWsFrames = 0; // WebSocket frames that carried burst messages
  let largestBurstFrame = 0; // most burst messages in one WebSocket frame
  let sensorHits = 0; // sensor/... topics seen in WebSocket frames (every sustained message is one)
  cdp.on("Network.webSocketWillSendHandshakeRequest", (e) => (wsOpenedWallMs = e.wallTime * 1000));
  cdp.on("Network.webSocketFrameReceived", (e) => {
    const text = Buffer.from(e.response.payloadData, e.response.opcode === 2 ? "base64" : "utf8").toString("latin1");
    sensorHits += text.split("sensor/").length - 1;
    const hits = text.split("bench_").length - 1;
    if (hits > 0) {
      burstWsFrames += 1;
      largestBurstFrame = Math.max(largestBurstFrame, hits);
      burstFrames += hits;
      lastBurstFrameWallMs = Date.now();
    }
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
  const burstReceived = burstFrames;
  const burstFramesUsed = burstWsFrames;
  const burstLargest = largestBurstFrame;

  // Sustained phase: 500 messages/s over 200 topics, some of them read by the home tiles.
  const sensors = await page.request.get(`${hub.baseURL}/api/v2/config/sensors`);
  const body: unknown = await sensors.json();
  const tileTopics = extractTileTopics(body);
  const topics = [...tileTopics, ...Array.from({ length: SUSTAINED_TOPICS }, (_, i) => `sensor/temp/bench_${i}`)].slice(
    0,
    SUSTAINED_TOPICS,
  );
  const before = await readProbes(page);
  const sensorHitsBefore = sensorHits;
  let sent = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * RATE_PER_S);
      while (sent < due) {
        const topic = topics[sent % topics.length] ?? "sensor/temp/bench_0";
        device.publish(topic, reading(15 + Math.random() * 10), { qos: 0, retain: true });
        sent++;
      }
      if (Date.now() - started >= SUSTAINED_S * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  // Backlog: how long until a reading published right at the end shows on its tile.
  const markerTopic = tileTopics.find((t) => t.startsWith("sensor/temp/"));
  let markerMs = Number.NaN;
  if (markerTopic !== undefined) {
    const testId = `sensor-${markerTopic.split("/").slice(1).join("-")}`;
    const markerSent = Date.now();
    device.publish(markerTopic, reading(99.9), { qos: 0, retain: true });
    await page
      .getByTestId(testId)
      .getByTestId("sensor-value")
      .filter({ hasText: "99,9" })
      .waitFor({ timeout: 60_000 });
    markerMs = Date.now() - markerSent;
  }
  await page.waitForTimeout(1_000);
  const after = await readProbes(page);
  const receivedSustained = sensorHits - sensorHitsBefore;
  await device.endAsync();

  const boot = summarise(after.longTasks, 0, burstEnd);
  const burst = summarise(after.longTasks, wsOpenedPageMs, burstEnd);
  const sustained = summarise(after.longTasks, before.now, after.now);
  const commits = after.commits - before.commits;
  printTable(`live ingest at ${CPU_THROTTLE}x CPU throttle (${new Date().toISOString()})`, [
    ["baseline: login, no burst: long tasks (count)", String(baseline.count)],
    ["baseline: login, no burst: longest task", ms(baseline.max)],
    ["baseline: login, no burst: long-task total", ms(baseline.total)],
    ["burst: retained topics received by the page", `${burstReceived} / ${BURST}`],
    ["burst: WebSocket frames (most messages in one)", `${burstFramesUsed} (${burstLargest})`],
    ["burst: WebSocket open -> burst applied", ms(appliedWallMs - wsOpenedWallMs)],
    ["page load -> burst applied: long tasks (count / longest)", `${boot.count} / ${ms(boot.max)}`],
    ["burst (from WebSocket open): long tasks (count)", String(burst.count)],
    ["burst: longest task", ms(burst.max), "<= 200 ms"],
    ["burst: long-task total", ms(burst.total)],
    [`sustained: messages sent (${SUSTAINED_S} s, ${topics.length} topics)`, String(sent), `${RATE_PER_S}/s`],
    ["sustained: messages received by the page", String(receivedSustained)],
    ["sustained: long tasks (count)", String(sustained.count)],
    ["sustained: longest task", ms(sustained.max), "<= 50 ms"],
    ["sustained: long-task total", ms(sustained.total)],
    ["sustained: animation frames per second", ((after.frames - before.frames) / ((after.now - before.now) / 1000)).toFixed(1)],
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

/** `sensor/<kind>/<place>` of every configured sensor in a GET /config/sensors answer (validated). */
function extractTileTopics(body: unknown): string[] {
  const parsed = v.safeParse(SensorListSchema, body);
  return parsed.success ? parsed.output.items.map((s) => `sensor/${s.kind}/${s.place}`) : [];
}
