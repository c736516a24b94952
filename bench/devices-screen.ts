// The devices screen with a large household: 500 Zigbee2MQTT devices (renamed copies of the real
// `bridge/devices` fixture's four definitions) announced by a gateway client on the embedded broker,
// listed by the real hub, opened on /devices in Chromium at 1280x800 with the CPU throttled 4x (CDP
// Emulation.setCPUThrottlingRate). Prints the time until the list shows and the long tasks meanwhile,
// then scrolls the list up and down for BENCH_SCROLL_S seconds (default 10), 24 px per animation frame,
// once unthrottled (the tablet) and once at 4x, and prints frames per second, the slowest frames and the
// long tasks (over 50 ms) while scrolling; then the long tasks while 500 devices leave and 500 arrive.
// Run: `npx tsx bench/devices-screen.ts` after `npm run build` (E2E_DIST_DIR for another build;
// BENCH_DEVICES for another count). The hub keeps at most its registry's per-source limit: the
// table says how many it listed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqtt from "mqtt";
import { repoRoot, startTestHub } from "../tests/e2e/support/hub";
import { summariseProfile, type CpuProfile } from "./cpuProfile";
import { summariseLongTasks } from "./liveLoad";
import { installPageProbes, readProbes } from "./probes";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 500);
const SCROLL_S = Number(process.env.BENCH_SCROLL_S ?? 10);
const CPU_THROTTLE = 4;

/**
 * Page-side source text (plain text: tsx wraps functions in helpers the page does not have): scrolls
 * the list's scrolling box (or the document) 24 px per animation frame, down to the end and back, for
 * `seconds`; answers each frame's interval (ms) and the scrolled height.
 */
const SCROLL_SCRIPT = `async function (seconds) {
  var list = document.querySelector(".device-list");
  var scroller = document.scrollingElement || document.documentElement;
  for (var node = list ? list.parentElement : null; node; node = node.parentElement) {
    var style = getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) { scroller = node; break; }
  }
  var intervals = [];
  var direction = 1;
  await new Promise(function (resolve) {
    var last = performance.now();
    var start = last;
    function step(time) {
      intervals.push(time - last);
      last = time;
      scroller.scrollTop += 24 * direction;
      var max = scroller.scrollHeight - scroller.clientHeight;
      if (scroller.scrollTop >= max - 1) direction = -1;
      if (scroller.scrollTop <= 0) direction = 1;
      if (time - start < seconds * 1000) requestAnimationFrame(step); else resolve();
    }
    requestAnimationFrame(step);
  });
  return { intervals: intervals.slice(1), height: scroller.scrollHeight };
}`;

type BridgeEntry = Record<string, unknown> & { friendly_name: string; type: string; ieee_address: string };

/** `count` devices for `bridge/devices`: the fixture's coordinator, then copies of its devices, each with its own name and IEEE address. */
function bridgeDevices(count: number, suffix = ""): BridgeEntry[] {
  const file = join(repoRoot, "tests", "fixtures", "zigbee2mqtt", "bridge_devices.json");
  const list = (JSON.parse(readFileSync(file, "utf8")) as { payload: BridgeEntry[] }).payload;
  const coordinator = list.filter((entry) => entry.type === "Coordinator");
  const models = list.filter((entry) => entry.type !== "Coordinator");
  const copies = Array.from({ length: count }, (_, i) => {
    const model = models[i % models.length] as BridgeEntry;
    const ieee = `0x${((suffix ? 0xb000_0000 : 0xa000_0000) + i).toString(16).padStart(16, "0")}`;
    return {
      ...model,
      friendly_name: `${model.friendly_name}_${i}${suffix}`,
      ieee_address: ieee,
      network_address: 1000 + i,
    };
  });
  return [...coordinator, ...copies];
}

const dir = mkdtempSync(join(tmpdir(), "bench-devices-"));
const config = join(dir, "household.json");
writeFileSync(config, "{}");
// 500 devices' `bridge/devices` is ~2.5 MB: within the gateway's device-list cap (HUB_MQTT_MAX_DEVICE_LIST, 8 MiB).
const hub = await startTestHub({ env: { HUB_CONFIG: config } });
const browser = await launchChromium();
try {
  const entries = bridgeDevices(DEVICES);
  const gateway = await mqtt.connectAsync(hub.mqttTcpUrl, {
    clientId: "bench-zigbee2mqtt",
    reconnectPeriod: 0,
    ...(await hub.deviceLogin("zigbee2mqtt")),
  });
  const list = JSON.stringify(entries);
  console.log(`bridge/devices: ${entries.length - 1} devices, ${(list.length / 1024 / 1024).toFixed(2)} MB`);
  await Promise.race([
    gateway.publishAsync("zigbee2mqtt/bridge/devices", list, { qos: 1, retain: true }),
    new Promise((_, reject) => setTimeout(() => reject(new Error("bridge/devices not acknowledged in 30 s")), 30_000)),
  ]);
  // Every other device online, the sensors with a battery reading (a row shows it while on screen).
  for (const [i, entry] of entries.entries()) {
    if (entry.type === "Coordinator") continue;
    const name = entry.friendly_name;
    await gateway.publishAsync(
      `zigbee2mqtt/${name}/availability`,
      JSON.stringify({ state: i % 2 ? "online" : "offline" }),
      {
        qos: 0,
        retain: true,
      },
    );
    if (name.startsWith("weather_sensor"))
      await gateway.publishAsync(`zigbee2mqtt/${name}`, JSON.stringify({ battery: 40 + (i % 60), temperature: 21.5 }), {
        qos: 0,
      });
  }
  let listed = 0;
  const waitStart = Date.now();
  while (Date.now() - waitStart < 30_000) {
    const cookie = await fetch(`${hub.baseURL}/api/auth/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: hub.baseURL },
      body: JSON.stringify({ login: "demo", password: "demo", sessionName: "bench-poll" }),
    });
    const session = cookie.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const answer = await fetch(`${hub.baseURL}/api/v2/devices`, { headers: { cookie: session } });
    listed = ((await answer.json()) as { items: unknown[] }).items.length;
    if (listed >= DEVICES) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installPageProbes(page);
  await loginAsDemo(page, hub.baseURL);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });

  const openStart = Date.now();
  await page.goto(`${hub.baseURL}/devices`);
  await page.getByTestId("device-list").waitFor({ timeout: 60_000 });
  await page
    .getByTestId("devices-count")
    .filter({ hasText: String(listed) })
    .waitFor({ timeout: 60_000 });
  const rowsShownMs = Date.now() - openStart;
  const opened = await readProbes(page);
  await page.waitForTimeout(2_000);
  const settled = await readProbes(page);
  const openTasks = summariseLongTasks(settled.longTasks, 0, settled.now);

  // Scrolling as the tablet does it (no throttling), before the 4x run below.
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const plainBefore = await readProbes(page);
  const plain = (await page.evaluate(`(${SCROLL_SCRIPT})(${SCROLL_S})`)) as { intervals: number[] };
  const plainAfter = await readProbes(page);
  const plainTasks = summariseLongTasks(plainAfter.longTasks, plainBefore.now, plainAfter.now);
  const plainSeconds = plain.intervals.reduce((sum, value) => sum + value, 0) / 1000;
  const plainFps = plain.intervals.length / Math.max(plainSeconds, 0.001);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });

  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const liveReceived = () =>
    page.evaluate(
      () => (window as unknown as { __liveStats?: () => { received: number } }).__liveStats?.().received ?? -1,
    );
  const receivedBefore = await liveReceived();
  const before = await readProbes(page);
  const frames = (await page.evaluate(`(${SCROLL_SCRIPT})(${SCROLL_S})`)) as { intervals: number[]; height: number };
  const after = await readProbes(page);
  const receivedWhileScrolling = (await liveReceived()) - receivedBefore;
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  const summary = summariseProfile(profile);
  const scrollTasks = summariseLongTasks(after.longTasks, before.now, after.now);
  const sorted = [...frames.intervals].sort((a, b) => a - b);
  const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const seconds = frames.intervals.reduce((sum, value) => sum + value, 0) / 1000;

  printTable(
    `devices screen, ${listed} devices, 1280x800, ${CPU_THROTTLE}x CPU (${new Date().toISOString()}, ${process.env.E2E_DIST_DIR ?? "dist/"})`,
    [
      ["devices announced / listed by GET /devices", `${DEVICES} / ${listed}`],
      [
        "devices listed on /devices / rows in the page (windowed)",
        `${listed} / ${await page.locator(".device-row").count()}`,
      ],
      ["page load -> the list shown", ms(rowsShownMs)],
      [
        "long tasks from page load to 2 s after (count / longest / total)",
        `${openTasks.count} / ${ms(openTasks.max)} / ${ms(openTasks.total)}`,
      ],
      ["scrolled height", `${frames.height} px`],
      ["scrolling at 1x CPU (the tablet): frames per second", plainFps.toFixed(1), ">= 60 (vsync 60 Hz)"],
      [
        "scrolling at 1x CPU: frames over 20 ms / long tasks (count / longest)",
        `${plain.intervals.filter((value) => value > 20).length} / ${plainTasks.count} / ${ms(plainTasks.max)}`,
      ],
      [
        `scrolling at ${CPU_THROTTLE}x CPU: frames per second`,
        (frames.intervals.length / Math.max(seconds, 0.001)).toFixed(1),
        ">= 60 (vsync 60 Hz)",
      ],
      [
        "scrolling: frame interval median / p95 / max",
        `${ms(quantile(0.5))} / ${ms(quantile(0.95))} / ${ms(sorted.at(-1) ?? 0)}`,
      ],
      ["scrolling: frames over 20 ms", String(frames.intervals.filter((value) => value > 20).length)],
      [
        "scrolling: long tasks (count / longest / total)",
        `${scrollTasks.count} / ${ms(scrollTasks.max)} / ${ms(scrollTasks.total)}`,
        "none over 50 ms",
      ],
      ["animation frames counted by the probe while scrolling", String(after.frames - before.frames)],
      ["React commits while scrolling", String(after.commits - before.commits)],
      ["live messages the page received while scrolling", String(receivedWhileScrolling)],
      ["React commits from load to rows shown", String(opened.commits)],
    ],
  );
  // Arrival: with /devices open, the gateway's next list has 500 other devices (500 leave, 500 join):
  // long tasks from its publish until the list shows them.
  const arrivals = bridgeDevices(DEVICES, "_new");
  await page.evaluate(`(function () {
    for (var node = document.querySelector(".device-list"); node; node = node.parentElement) node.scrollTop = 0;
    (document.scrollingElement || document.documentElement).scrollTop = 0;
  })()`);
  await page.waitForTimeout(500);
  const beforeArrival = await readProbes(page);
  const arrivalStart = Date.now();
  await gateway.publishAsync("zigbee2mqtt/bridge/devices", JSON.stringify(arrivals), { qos: 1, retain: true });
  // Listed when every drawn row is one of the arrivals (the list has taken the new answer whole).
  const allNew = `(function () {
    var rows = document.querySelectorAll("[data-testid^='device-row-']");
    if (rows.length === 0) return false;
    for (var i = 0; i < rows.length; i++) if (!/_new$/.test(rows[i].getAttribute("data-testid"))) return false;
    return true;
  })()`;
  while (!((await page.evaluate(allNew)) as boolean)) {
    if (Date.now() - arrivalStart > 60_000) throw new Error("the arrivals were not listed within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const arrivalMs = Date.now() - arrivalStart;
  await page.waitForTimeout(1_000);
  const afterArrival = await readProbes(page);
  const arrivalTasks = summariseLongTasks(afterArrival.longTasks, beforeArrival.now, afterArrival.now);
  printTable(`devices screen open while ${DEVICES} devices leave and ${DEVICES} others arrive, ${CPU_THROTTLE}x CPU`, [
    ["published -> the arrivals listed on /devices (every drawn row one of them)", ms(arrivalMs)],
    [
      "long tasks until then and 1 s after (count / longest / total)",
      `${arrivalTasks.count} / ${ms(arrivalTasks.max)} / ${ms(arrivalTasks.total)}`,
      "none over 50 ms",
    ],
  ]);
  const pct = (part: number) => `${((100 * part) / Math.max(summary.totalMs, 1)).toFixed(1)} %`;
  console.log(
    `profile while scrolling: script ${pct(summary.scriptMs)} (GC ${ms(summary.gcMs)}), Chromium's own work ${pct(summary.otherMs)}, idle ${pct(summary.idleMs)}; top self time:`,
  );
  for (const spot of summary.hotspots.slice(0, 8))
    console.log(`  ${spot.selfMs.toFixed(1).padStart(8)} ms  ${spot.name} (${spot.where})`);
  await gateway.endAsync();
} finally {
  await browser.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
}
