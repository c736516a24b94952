// Sustained live traffic on topics the page has not seen (the long task under sustained
// traffic): a burst of 2,000 retained topics on connect, then 200 messages/s on 200 topics the page
// had not seen before, then the same load on those (now known) topics, with Chromium's CPU throttled
// 4x (CDP Emulation.setCPUThrottlingRate). Prints long tasks (count, longest, total) per phase, React
// commits and ingest values applied per message, and, from a CDP Profiler profile of each phase, the
// main thread's split (script / Chromium's own work / idle) and the functions with most self time.
// Every message takes the household's path: Tasmota devices publish native payloads, the hub's bridge
// makes the dashboard topics, the embedded broker delivers them to the page.
// Run: `npx tsx bench/live-new-topics.ts` after `npm run build` (E2E_DIST_DIR for another build;
// BENCH_PHASE_S to change each phase's length, default 20; BENCH_PROFILE_DIR to keep the .cpuprofile files).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, CDPSession, Page } from "@playwright/test";
import type { MqttClient } from "mqtt";
import { startTestHub } from "../tests/e2e/support/hub";
import { summariseProfile, type CpuProfile } from "./cpuProfile";
import { summariseTrace, TRACE_CATEGORIES, type TraceEvent } from "./traceSummary";
import { benchHouseholdEnv } from "./household";
import {
  benchDevice,
  connectDevices,
  onOff,
  publishBurst,
  RELAYS,
  summariseLongTasks,
  TOPICS_PER_DEVICE,
} from "./liveLoad";
import { installPageProbes, readProbes } from "./probes";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";

const BURST = 2_000;
const RATE_PER_S = 200;
const NEW_TOPICS = 200;
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 20);
const CPU_THROTTLE = 4;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/** Devices whose relays give the new topics: `stat/fresh_<k>/POWER<n>` -> `power/fresh_<k>/POWER<n>`. */
const freshDevice = (k: number) => `fresh_${k}`;
const freshTopics = Array.from({ length: NEW_TOPICS }, (_, i) => ({
  device: freshDevice(Math.floor(i / RELAYS)),
  relay: (i % RELAYS) + 1,
}));

type LiveStats = { received: number; applied: number; topics: number };
const liveStats = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __liveStats?: () => LiveStats }).__liveStats?.() ?? {
        received: 0,
        applied: 0,
        topics: 0,
      },
  );

/** Sends `RATE_PER_S` messages/s for `seconds`, round-robin over the fresh topics; returns how many were sent. */
async function sustain(devices: Map<string, MqttClient>, seconds: number, roundOffset: number): Promise<number> {
  let sent = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * RATE_PER_S);
      while (sent < due) {
        const target = freshTopics[sent % freshTopics.length];
        const round = roundOffset + Math.floor(sent / freshTopics.length);
        if (target)
          devices
            .get(target.device)
            ?.publish(`stat/${target.device}/POWER${target.relay}`, onOff(round % 2 === 0), { qos: 0 });
        sent++;
      }
      if (Date.now() - started >= seconds * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  return sent;
}

/** One phase under load, profiled: long tasks, commits and applied values per message, the profile's split. */
async function phase(
  name: string,
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  devices: Map<string, MqttClient>,
  roundOffset: number,
) {
  const before = await readProbes(page);
  const statsBefore = await liveStats(page);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send("Profiler.start");
  // Long tasks are counted between these two page times: the DevTools commands around them (tracing,
  // Profiler.start and .stop) are tasks of the renderer's main thread too ('Receive mojo message' in
  // the trace, up to ~470 ms for Profiler.stop), the bench's, not the app's.
  const loadFrom = await page.evaluate(() => performance.now());
  const sent = await sustain(devices, PHASE_S, roundOffset);
  await page.waitForTimeout(500);
  const loadTo = await page.evaluate(() => performance.now());
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  const traceText = (await browser.stopTracing()).toString("utf8");
  if (PROFILE_DIR) writeFileSync(join(PROFILE_DIR, `${name}.trace.json`), traceText);
  const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
  const inLongTasks = summariseTrace(trace.traceEvents);
  const after = await readProbes(page);
  const statsAfter = await liveStats(page);
  if (PROFILE_DIR) writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  const tasks = summariseLongTasks(after.longTasks, loadFrom, loadTo);
  const outside = summariseLongTasks(after.longTasks, before.now, after.now);
  const summary = summariseProfile(profile);
  const pct = (part: number) => `${((100 * part) / Math.max(summary.totalMs, 1)).toFixed(1)} %`;
  printTable(`${name}: ${RATE_PER_S} messages/s on ${NEW_TOPICS} topics for ${PHASE_S} s, ${CPU_THROTTLE}x CPU`, [
    ["device messages sent", String(sent)],
    ["messages received by the page", String(statsAfter.received - statsBefore.received)],
    ["topics held (before -> after)", `${statsBefore.topics} -> ${statsAfter.topics}`],
    ["long tasks (count)", String(tasks.count)],
    ["longest task", ms(tasks.max), "<= 50 ms"],
    ["long-task total", ms(tasks.total)],
    [
      "long tasks around it (the bench's DevTools commands)",
      `${outside.count - tasks.count}, longest ${ms(outside.max)}`,
    ],
    ["animation frames per second", ((after.frames - before.frames) / ((after.now - before.now) / 1000)).toFixed(1)],
    ["React commits per message", ((after.commits - before.commits) / Math.max(sent, 1)).toFixed(4)],
    ["values applied per message", ((statsAfter.applied - statsBefore.applied) / Math.max(sent, 1)).toFixed(3)],
    ["profile: script (JS + GC) share", `${pct(summary.scriptMs)} (${ms(summary.scriptMs)}, GC ${ms(summary.gcMs)})`],
    ["profile: Chromium's own work share", `${pct(summary.otherMs)} (${ms(summary.otherMs)})`],
    ["profile: idle share", pct(summary.idleMs)],
  ]);
  console.log(
    `trace: ${inLongTasks.longTasks} tasks over 50 ms, longest ${ms(inLongTasks.longestMs)}, total ${ms(inLongTasks.totalMs)}; inside them, self time by event:`,
  );
  for (const [event, time] of inLongTasks.selfMsByName.slice(0, 10))
    console.log(`  ${time.toFixed(1).padStart(8)} ms  ${event}`);
  console.log("profile: top self time (script):");
  for (const spot of summary.hotspots)
    console.log(`  ${spot.selfMs.toFixed(1).padStart(8)} ms  ${spot.name} (${spot.where})`);
}

const burstDevices = Math.ceil(BURST / TOPICS_PER_DEVICE);
const hub = await startTestHub({
  env: benchHouseholdEnv(
    [...Array.from({ length: burstDevices }, (_, i) => benchDevice(i)), ...new Set(freshTopics.map((t) => t.device))],
    RELAYS,
  ),
});
const browser = await launchChromium();
try {
  const devices = await publishBurst(hub, burstDevices);
  for (const [name, client] of await connectDevices(hub, [...new Set(freshTopics.map((t) => t.device))]))
    devices.set(name, client);

  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installPageProbes(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await loginAsDemo(page, hub.baseURL);
  // The burst is applied once the ingest holds its topics; then the first 5 s snapshot save of it.
  const waitStart = Date.now();
  while ((await liveStats(page)).topics < BURST && Date.now() - waitStart < 60_000) await page.waitForTimeout(100);
  const burstApplied = await readProbes(page);
  await page.waitForTimeout(7_000);
  const settled = await readProbes(page);
  const burst = summariseLongTasks(settled.longTasks, 0, burstApplied.now);
  const firstSave = summariseLongTasks(settled.longTasks, burstApplied.now, settled.now);
  printTable(
    `live new topics at ${CPU_THROTTLE}x CPU (${new Date().toISOString()}, ${process.env.E2E_DIST_DIR ?? "dist/"})`,
    [
      ["burst: topics held", String((await liveStats(page)).topics), `${BURST}`],
      [
        "page load -> burst applied: long tasks (count / longest / total)",
        `${burst.count} / ${ms(burst.max)} / ${ms(burst.total)}`,
      ],
      [
        "7 s after (first snapshot save): long tasks (count / longest / total)",
        `${firstSave.count} / ${ms(firstSave.max)} / ${ms(firstSave.total)}`,
      ],
    ],
  );
  await phase("new topics", browser, page, cdp, devices, 0);
  await phase("known topics", browser, page, cdp, devices, 1);
  await Promise.all([...devices.values()].map((client) => client.endAsync()));
} finally {
  await browser.close();
  await hub.close();
}
