// Camera long run (DESIGN.md §6 soak and camera budgets): one live view of
// `zoom` (/cameras/live?id=zoom) left open for an accelerated long run while the doorbell rings again
// and again (each ring opens the popup with the live views of `zoom` and `brama`; it is closed by
// 'Zamknij' and by its own 30 s timer, alternately), the page is hidden (visibilitychange, then
// frozen with CDP Page.setWebLifecycleState) and shown again,
// the household navigates away and back, and the camera stalls for 5 s (the demo stall route).
// The hub's simulated cameras draw CAMERA_LONGRUN_FPS frames per second instead of 5
// (HUB_DEMO_CAMERA_FPS), so 10 minutes carry an hour of frames at 5 fps; the simulator publishes
// the demo devices every second (5x the usual traffic). Everything is the household's path: the
// doorbell is a Zigbee2MQTT button publishing over MQTT/TCP, the hub's bridge makes the ring, the
// embedded broker delivers it to the page; frames come from the real hub as multipart/x-mixed-replace.
//
// Every minute (when the popup is closed) it prints: heap after GC (CDP HeapProfiler.collectGarbage,
// Runtime.getHeapUsage), DOM nodes and JS event listeners (Memory.getDOMCounters; each the least of
// three reads after a GC, 1 s apart, so work in flight does not count as a leak), live object URLs,
// open RTCPeerConnections, ImageBitmaps not closed, pending timeouts and intervals (bench/cameraProbes.ts),
// the live view's frames per second (its frame counter over 5 s), long tasks (count, longest; the
// bench's own forced GCs left out), React commits per second and the MJPEG requests open (CDP
// Network). At the end: a summary with pass/fail against DESIGN.md §6.
//
// Run: `npx vite build --outDir /tmp/dist-x && E2E_DIST_DIR=/tmp/dist-x npx tsx bench/camera-longrun.ts`
// CAMERA_LONGRUN_MINUTES (default 10), CAMERA_LONGRUN_FPS (default 30, at most 60),
// CAMERA_LONGRUN_MODE=mjpeg|rtc|hls (default mjpeg; the view's remembered mode: rtc needs the hub's
// WebRTC answer, hls a camera with HLS; the bench reports the mode the view really used),
// CAMERA_LONGRUN_JSON=<file> to keep every sample, CAMERA_LONGRUN_BASELINE_S (default 30: long
// tasks with the view paused, then playing, before the long run), CAMERA_LONGRUN_TRACE=1 to trace
// the playing phase and print what its long tasks were made of.
import { writeFileSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";
import mqtt from "mqtt";
import { CAMERA_MODES, DOORBELL, LIVE_VIEW, demoCameraStallPath, type CameraMode } from "../contract/cameras";
import { startTestHub } from "../tests/e2e/support/hub";
import {
  installCameraProbes,
  readCameraProbes,
  setPageHidden,
  type CameraProbeReading,
  type PageLongTask,
} from "./cameraProbes";
import { median, summariseSeries, type Point } from "./soakVerdict";
import { summariseTrace, TRACE_CATEGORIES, type TraceEvent } from "./traceSummary";
import { launchChromium, loginAsDemo, printTable } from "./support";

const MINUTES = Number(process.env.CAMERA_LONGRUN_MINUTES ?? 10);
const FPS = Number(process.env.CAMERA_LONGRUN_FPS ?? 30);
const MODE = (process.env.CAMERA_LONGRUN_MODE ?? "mjpeg") as CameraMode;
const JSON_OUT = process.env.CAMERA_LONGRUN_JSON;
const BASELINE_S = Number(process.env.CAMERA_LONGRUN_BASELINE_S ?? 30);
const TRACE = process.env.CAMERA_LONGRUN_TRACE === "1";
if (!CAMERA_MODES.includes(MODE)) throw new Error(`CAMERA_LONGRUN_MODE must be one of ${CAMERA_MODES.join(", ")}`);
if (!(MINUTES > 0) || !(FPS >= 1 && FPS <= 60))
  throw new Error("CAMERA_LONGRUN_MINUTES must be > 0 and CAMERA_LONGRUN_FPS 1..60");

const CAMERA = "zoom";
const STALL_MS = 5_000;
const CLOSE_AFTER_MS = 5_000;
const HIDDEN_MS = 5_000;
const FPS_WINDOW_MS = 5_000;
const V1 = "/api/cameras/v1";
/** The live page's view (not the popup's view of the same camera). */
const LIVE = `[data-testid="camera-live-${CAMERA}"]:not(dialog *)`;
const POPUP = 'dialog[data-testid="doorbell-popup"]';
const popupView = (id: string) => `${POPUP} [data-testid="camera-live-${id}"]`;

/** One minute's sample: the page's probe counters ({@link CameraProbeReading}) and what is derived from the rest. */
type Sample = Pick<
  CameraProbeReading,
  | "objectUrlsLive"
  | "objectUrlsCreated"
  | "peerConnectionsOpen"
  | "peerConnectionsCreated"
  | "imageBitmapsOpen"
  | "timeoutsPending"
  | "intervalsActive"
> & {
  minute: number;
  heapMB: number;
  nodes: number;
  listeners: number;
  documents: number;
  fps: number;
  longTasks: number;
  longestTaskMs: number;
  commitsPerS: number;
  mjpegOpen: number;
  mode: string;
};

const events = {
  popupFirstFrameMs: [] as number[],
  popupOpenedAfterRingMs: [] as number[],
  autoCloseAfterMs: [] as number[],
  closedByButton: 0,
  closedByTimer: 0,
  mjpegOpenAfterPopup: [] as number[],
  popupImagesLeft: [] as number[],
  navFirstFrameMs: [] as number[],
  mjpegOpenAway: [] as number[],
  visibleFirstFrameMs: [] as number[],
  mjpegOpenHidden: [] as number[],
  hubFps: [] as number[],
  stallOverlayMs: [] as number[],
  stallRecoveredMs: [] as number[],
  failures: [] as string[],
  baseline: { paused: "-", playing: "-" },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Frames shown so far by the view `selector` (its `data-frames`); -1 when it is not there. */
function framesOf(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (sel) => Number(document.querySelector(`${sel} [data-frames]`)?.getAttribute("data-frames") ?? -1),
    selector,
  );
}

/** Waits until the view `selector` has shown at least `min` frames; answers Date.now() then. */
async function waitFrames(page: Page, selector: string, min: number, timeout = 15_000): Promise<number> {
  await page.waitForFunction(
    ({ sel, at }) => Number(document.querySelector(`${sel} [data-frames]`)?.getAttribute("data-frames") ?? -1) >= at,
    { sel: selector, at: min },
    { polling: 25, timeout },
  );
  return Date.now();
}

/** Waits until the 'Łączenie' overlay of the view `selector` is there (`shown`) or gone; answers Date.now() then. */
async function waitOverlay(page: Page, selector: string, shown: boolean, timeout = 15_000): Promise<number> {
  await page.waitForFunction(
    ({ sel, want }) => (document.querySelector(`${sel} [data-testid="camera-connecting"]`) !== null) === want,
    { sel: selector, want: shown },
    { polling: 25, timeout },
  );
  return Date.now();
}

/** MJPEG requests the browser has open (CDP Network: sent, neither finished nor failed). */
function trackMjpegRequests(cdp: CDPSession): () => number {
  const open = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event: { requestId: string; request: { url: string } }) => {
    if (event.request.url.includes("/live/mjpeg/")) open.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event: { requestId: string }) => open.delete(event.requestId));
  cdp.on("Network.loadingFailed", (event: { requestId: string }) => open.delete(event.requestId));
  return () => open.size;
}

const started = Date.now();
const minuteNow = () => (Date.now() - started) / 60_000;
const log = (message: string) => console.log(`[${minuteNow().toFixed(2).padStart(6)} min] ${message}`);

const hub = await startTestHub({
  simulator: true,
  env: { HUB_DEMO_CAMERA_FPS: String(FPS), HUB_SIM_INTERVAL_MS: "1000" },
});
const browser = await launchChromium();
const bell = await mqtt.connectAsync(hub.mqttTcpUrl, {
  clientId: "bench-doorbell",
  reconnectPeriod: 1000,
  ...(await hub.deviceLogin("zigbee2mqtt")),
});
const samples: Sample[] = [];
const gcWindows: Array<[number, number]> = [];
const longTasks: PageLongTask[] = [];
try {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await installCameraProbes(page);
  // Both doorbell cameras and the live view remembered in MODE (the per-camera UI state a household leaves behind).
  await page.addInitScript(`(function () {
    if (localStorage.getItem("dashboard.cameraUi")) return;
    var state = { play: true, mode: ${JSON.stringify(MODE)}, scaling: "stretch", stream: "full", audio: false };
    localStorage.setItem("dashboard.cameraUi", JSON.stringify({ zoom: Object.assign({}, state, { stream: "mobile" }), brama: state }));
  })();`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable", { maxTotalBufferSize: 1024 * 1024, maxResourceBufferSize: 64 * 1024 });
  const mjpegOpen = trackMjpegRequests(cdp);
  const bar = page.getByRole("navigation", { name: "Pasek główny" });
  const openLiveView = async (): Promise<number> => {
    await bar.getByRole("link", { name: "Kamery" }).click();
    await page.getByTestId("camera-grid").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000); // the previews load; no stream is open here
    events.mjpegOpenAway.push(mjpegOpen());
    const clicked = Date.now();
    await page.locator(`[data-testid="camera-grid"] a[href*="id=${CAMERA}"]`).click();
    return (await waitFrames(page, LIVE, 1, 20_000)) - clicked;
  };

  await loginAsDemo(page, hub.baseURL);
  const firstOpen = await openLiveView();
  log(`live view of ${CAMERA} open: first frame ${firstOpen} ms after the click (first load of the camera chunks)`);

  const ring = async () =>
    bell.publishAsync(
      `zigbee2mqtt/dzwonek_brama`,
      JSON.stringify({ action: "single", battery: 97, linkquality: 132 }),
      { qos: 1 },
    );

  const popupCycle = async (cycle: number) => {
    const rangAt = Date.now();
    await ring();
    await page.locator(POPUP).waitFor({ state: "visible", timeout: 10_000 });
    const shownAt = Date.now();
    events.popupOpenedAfterRingMs.push(shownAt - rangAt);
    for (const id of DOORBELL.cameras)
      events.popupFirstFrameMs.push((await waitFrames(page, popupView(id), 1, 15_000)) - shownAt);
    if (cycle % 2 === 0) {
      await sleep(Math.max(0, shownAt + CLOSE_AFTER_MS - Date.now()));
      await page.locator(POPUP).getByRole("button", { name: "Zamknij" }).click();
      await page.locator(POPUP).waitFor({ state: "detached", timeout: 5_000 });
      events.closedByButton++;
    } else {
      await page.locator(POPUP).waitFor({ state: "detached", timeout: DOORBELL.autoCloseMs + 10_000 });
      events.autoCloseAfterMs.push(Date.now() - shownAt);
      events.closedByTimer++;
    }
    await sleep(1_200); // the hub counts presses within 1 s as one ring; the closed streams end
    events.popupImagesLeft.push(await page.locator(`${POPUP} [data-frames]`).count());
    events.mjpegOpenAfterPopup.push(mjpegOpen());
  };

  const stall = async () => {
    await waitOverlay(page, LIVE, false);
    const before = await framesOf(page, LIVE);
    await waitFrames(page, LIVE, before + 1);
    const response = await page.request.post(`${hub.baseURL}${V1}${demoCameraStallPath(CAMERA)}`, {
      data: { ms: STALL_MS },
    });
    const stalledAt = Date.now();
    if (response.status() !== 200) throw new Error(`stall: HTTP ${response.status()}`);
    const overlayAt = await waitOverlay(page, LIVE, true, STALL_MS + 5_000);
    events.stallOverlayMs.push(overlayAt - stalledAt);
    const recoveredAt = await waitOverlay(page, LIVE, false, 20_000);
    events.stallRecoveredMs.push(recoveredAt - (stalledAt + STALL_MS));
  };

  // Hidden as a background tab is: visibilitychange to "hidden" (the view must close its stream),
  // then frozen (CDP Page.setWebLifecycleState, as Chromium freezes background tabs), then active
  // and visible again (the view must show a frame within 2 s).
  const hideAndShow = async () => {
    await setPageHidden(page, true);
    await sleep(1_000);
    events.mjpegOpenHidden.push(mjpegOpen());
    await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
    await sleep(HIDDEN_MS - 1_000);
    await cdp.send("Page.setWebLifecycleState", { state: "active" });
    const before = await framesOf(page, LIVE);
    const shownAt = Date.now();
    await setPageHidden(page, false);
    events.visibleFirstFrameMs.push((await waitFrames(page, LIVE, before + 1, 20_000)) - shownAt);
  };

  /** Frames per second the hub sends on the camera's MJPEG stream (a second reader in Node, `seconds` long). */
  const hubFps = async (seconds: number): Promise<number> => {
    const cookie = (await context.cookies(hub.baseURL)).map((c) => `${c.name}=${c.value}`).join("; ");
    const response = await fetch(`${hub.baseURL}${V1}/live/mjpeg/${CAMERA}`, { headers: { cookie } });
    const reader = response.body?.getReader();
    if (!reader) return NaN;
    let parts = 0;
    const from = Date.now();
    while (Date.now() - from < seconds * 1000) {
      const next = await reader.read();
      if (next.done) break;
      parts += Buffer.from(next.value).toString("latin1").split("--hubmjpegframe").length - 1;
    }
    await reader.cancel();
    return (parts * 1000) / (Date.now() - from);
  };

  let lastProbeNow = 0;
  let lastCommits = 0;
  const sample = async () => {
    const f0 = await framesOf(page, LIVE);
    const t0 = Date.now();
    await sleep(FPS_WINDOW_MS);
    const f1 = await framesOf(page, LIVE);
    const t1 = Date.now();
    // Three reads after a GC each, 1 s apart; the least of each counter is kept. Listeners of work in
    // flight (an IndexedDB save of the live snapshot holds ~46 request handlers for a moment) are
    // not a leak and are gone in one of the reads; a leak stays in all three.
    const reads: Array<{ heap: number; documents: number; nodes: number; listeners: number }> = [];
    for (let read = 0; read < 3; read++) {
      if (read > 0) await sleep(1_000);
      const gcFrom = await page.evaluate(() => performance.now());
      await cdp.send("HeapProfiler.collectGarbage");
      await cdp.send("HeapProfiler.collectGarbage");
      const gcTo = await page.evaluate(() => performance.now());
      gcWindows.push([gcFrom - 5, gcTo + 5]);
      const usage = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
      const counters = (await cdp.send("Memory.getDOMCounters")) as {
        documents: number;
        nodes: number;
        jsEventListeners: number;
      };
      reads.push({
        heap: usage.usedSize,
        documents: counters.documents,
        nodes: counters.nodes,
        listeners: counters.jsEventListeners,
      });
    }
    const least = (pick: (r: (typeof reads)[number]) => number) => Math.min(...reads.map(pick));
    const heap = { usedSize: least((r) => r.heap) };
    const dom = {
      documents: least((r) => r.documents),
      nodes: least((r) => r.nodes),
      jsEventListeners: least((r) => r.listeners),
    };
    const probes = await readCameraProbes(page);
    longTasks.push(...probes.longTasks);
    // Long tasks since the last sample, the bench's own forced GCs left out (their entries may come late: every window is checked).
    const tasks = longTasks.filter(
      (task) =>
        task.start >= lastProbeNow &&
        !gcWindows.some(([from, to]) => task.start + task.duration >= from && task.start <= to),
    );
    const mode = await page.evaluate((sel) => document.querySelector(sel)?.getAttribute("data-mode") ?? "?", LIVE);
    const s: Sample = {
      minute: minuteNow(),
      heapMB: heap.usedSize / 1024 / 1024,
      nodes: dom.nodes,
      listeners: dom.jsEventListeners,
      documents: dom.documents,
      objectUrlsLive: probes.objectUrlsLive,
      objectUrlsCreated: probes.objectUrlsCreated,
      peerConnectionsOpen: probes.peerConnectionsOpen,
      peerConnectionsCreated: probes.peerConnectionsCreated,
      imageBitmapsOpen: probes.imageBitmapsOpen,
      timeoutsPending: probes.timeoutsPending,
      intervalsActive: probes.intervalsActive,
      fps: ((f1 >= f0 ? f1 - f0 : f1) * 1000) / (t1 - t0),
      longTasks: tasks.length,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      commitsPerS:
        samples.length === 0 ? NaN : (probes.reactCommits - lastCommits) / ((probes.now - lastProbeNow) / 1000),
      mjpegOpen: mjpegOpen(),
      mode,
    };
    lastCommits = probes.reactCommits;
    lastProbeNow = probes.now;
    samples.push(s);
    console.log(
      `[${s.minute.toFixed(2).padStart(6)} min] heap ${s.heapMB.toFixed(2)} MB | nodes ${s.nodes} | listeners ${s.listeners} | docs ${s.documents} | object URLs ${s.objectUrlsLive} live (${s.objectUrlsCreated} made) | ` +
        `peer conns ${s.peerConnectionsOpen} open (${s.peerConnectionsCreated} made) | bitmaps ${s.imageBitmapsOpen} | timeouts ${s.timeoutsPending}, intervals ${s.intervalsActive} | ` +
        `${s.fps.toFixed(1)} fps shown | long tasks ${s.longTasks} (longest ${s.longestTaskMs.toFixed(0)} ms) | commits ${Number.isNaN(s.commitsPerS) ? "-" : s.commitsPerS.toFixed(1)}/s | mjpeg open ${s.mjpegOpen} | mode ${s.mode}`,
    );
  };

  events.hubFps.push(await hubFps(3));
  log(`the hub sends ${events.hubFps[0]?.toFixed(1)} frames/s of ${CAMERA} (set to ${FPS})`);

  // Baseline for the long tasks, in the same run: the same page with the view paused ('Wstrzymaj':
  // no stream, no frames), then playing, BASELINE_S each; with CAMERA_LONGRUN_TRACE=1 the playing
  // phase is traced and what its long tasks were made of is printed (bench/traceSummary.ts).
  const controls = page.getByRole("group", { name: "Sterowanie podglądem" });
  const tasksIn = async (seconds: number): Promise<PageLongTask[]> => {
    const from = (await readCameraProbes(page)).now;
    await sleep(seconds * 1000);
    const reading = await readCameraProbes(page);
    longTasks.push(...reading.longTasks);
    return longTasks.filter((task) => task.start >= from && task.start <= reading.now);
  };
  await controls.getByRole("button", { name: "Wstrzymaj" }).click();
  await sleep(1_000);
  const paused = await tasksIn(BASELINE_S);
  await controls.getByRole("button", { name: "Odtwarzaj" }).click();
  await waitFrames(page, LIVE, (await framesOf(page, LIVE)) + 1);
  if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const playing = await tasksIn(BASELINE_S);
  const describe = (tasks: PageLongTask[]) =>
    `${tasks.length} long tasks, longest ${Math.max(0, ...tasks.map((t) => t.duration)).toFixed(0)} ms, total ${tasks.reduce((sum, t) => sum + t.duration, 0).toFixed(0)} ms`;
  events.baseline = { paused: describe(paused), playing: describe(playing) };
  log(
    `${BASELINE_S} s with the view paused: ${events.baseline.paused}; ${BASELINE_S} s playing: ${events.baseline.playing}`,
  );
  if (TRACE) {
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const inLong = summariseTrace(trace.traceEvents);
    log(
      `trace of the playing phase: ${inLong.longTasks} tasks over 50 ms, longest ${inLong.longestMs.toFixed(0)} ms; inside them, self time by event:`,
    );
    for (const [event, time] of inLong.selfMsByName.slice(0, 12))
      console.log(`  ${time.toFixed(1).padStart(8)} ms  ${event}`);
  }
  await sample(); // minute 0: the live view alone, before any popup
  const end = started + MINUTES * 60_000;
  let nextSampleAt = Math.max(started + 60_000, Date.now() + 45_000); // (after the baseline phases, not at once)
  let cycle = 0;
  let eventIndex = 0;
  const others = [stall, hideAndShow, async () => events.navFirstFrameMs.push(await openLiveView())];
  const otherNames = ["stall", "hidden/visible", "away and back"];
  while (Date.now() < end) {
    try {
      if (Date.now() >= nextSampleAt) {
        await sample();
        nextSampleAt += 60_000;
        continue;
      }
      await popupCycle(cycle++);
      if (Date.now() >= nextSampleAt || Date.now() >= end) continue;
      const which = eventIndex++ % others.length;
      await others[which]?.();
      log(
        `cycle ${cycle}: popup ${cycle % 2 === 1 ? "closed by 'Zamknij'" : "closed itself"}, then ${otherNames[which]}`,
      );
    } catch (error) {
      const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      events.failures.push(`${minuteNow().toFixed(2)} min: ${message}`);
      log(`FAILED: ${message}`);
      await page
        .locator(POPUP)
        .waitFor({ state: "detached", timeout: DOORBELL.autoCloseMs + 5_000 })
        .catch(() => undefined);
      await sleep(1_200);
    }
  }
  await sample();
  events.hubFps.push(await hubFps(3));
  if (JSON_OUT)
    writeFileSync(JSON_OUT, JSON.stringify({ samples, events, fps: FPS, minutes: MINUTES, mode: MODE }, null, 2));
  report(samples, longTasks, gcWindows);
  await context.close();
} finally {
  await bell.endAsync().catch(() => undefined);
  await browser.close();
  await hub.close();
}

/** Prints the summary table and the verdicts against DESIGN.md §6. */
function report(all: readonly Sample[], tasks: readonly PageLongTask[], gcs: ReadonlyArray<[number, number]>): void {
  // Baseline: the first sample after the first minute (the popup's chunk and the first cycles loaded).
  const steady = all.filter((s) => s.minute >= 0.9);
  const series = (pick: (s: Sample) => number): Point[] => steady.map((s) => ({ minute: s.minute, value: pick(s) }));
  const heap = summariseSeries(series((s) => s.heapMB));
  const nodes = summariseSeries(series((s) => s.nodes));
  const listeners = summariseSeries(series((s) => s.listeners));
  const timeouts = summariseSeries(series((s) => s.timeoutsPending));
  const intervals = summariseSeries(series((s) => s.intervalsActive));
  const urlsMax = Math.max(...all.map((s) => s.objectUrlsLive));
  const pcsMax = Math.max(...all.map((s) => s.peerConnectionsOpen));
  const bitmapsMax = Math.max(...all.map((s) => s.imageBitmapsOpen));
  const counted = tasks.filter(
    (task) => !gcs.some(([from, to]) => task.start + task.duration >= from && task.start <= to),
  );
  const longest = Math.max(0, ...counted.map((task) => task.duration));
  const fpsShown = all.map((s) => s.fps);
  const modeUsed = [...new Set(all.map((s) => s.mode))].join(", ");
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const mb = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(2)} MB`;
  const list = (values: readonly number[], unit = " ms") =>
    values.length === 0
      ? "-"
      : `median ${median(values).toFixed(0)}${unit}, max ${Math.max(...values).toFixed(0)}${unit} (${values.length})`;
  const flat = (s: { secondHalfGrowth: number; first: number }, tolerance: number) =>
    Math.abs(s.secondHalfGrowth) <= Math.max(tolerance, 0.01 * s.first);
  const hoursAt5 = (MINUTES * 60 * FPS) / 5 / 3600;
  const popupFirst = events.popupFirstFrameMs;
  const rows: Array<[string, string, string?]> = [
    [
      "run",
      `${MINUTES} min, hub cameras at ${FPS} fps (${hoursAt5.toFixed(1)} h of frames at 5 fps), mode asked ${MODE}, used ${modeUsed}`,
    ],
    [
      "popup cycles (closed by 'Zamknij' / by itself)",
      `${events.closedByButton + events.closedByTimer} (${events.closedByButton} / ${events.closedByTimer})`,
    ],
    [
      "heap after GC: first -> last (max)",
      `${heap.first.toFixed(2)} -> ${heap.last.toFixed(2)} MB (${heap.max.toFixed(2)})`,
    ],
    ["heap after GC: growth", mb(heap.growth), `<= +10 MB: ${verdict(heap.growth <= 10)}`],
    [
      "heap after GC: second half, fitted growth",
      mb(heap.secondHalfGrowth),
      `flat (<= 1 MB): ${verdict(Math.abs(heap.secondHalfGrowth) <= 1)}`,
    ],
    [
      "DOM nodes: first -> last (max); second half",
      `${nodes.first} -> ${nodes.last} (${nodes.max}); ${nodes.secondHalfGrowth.toFixed(1)}`,
      `flat: ${verdict(flat(nodes, 20))}`,
    ],
    [
      "JS event listeners: first -> last (max); second half",
      `${listeners.first} -> ${listeners.last} (${listeners.max}); ${listeners.secondHalfGrowth.toFixed(1)}`,
      `flat: ${verdict(flat(listeners, 5))}`,
    ],
    [
      "pending timeouts / intervals: last (max); second half",
      `${timeouts.last} (${timeouts.max}) / ${intervals.last} (${intervals.max}); ${timeouts.secondHalfGrowth.toFixed(1)} / ${intervals.secondHalfGrowth.toFixed(1)}`,
      `flat: ${verdict(flat(timeouts, 2) && flat(intervals, 1))}`,
    ],
    ["object URLs live at a sample (max)", String(urlsMax), `<= 2 per view on screen: ${verdict(urlsMax <= 2)}`],
    [
      "RTCPeerConnections open at a sample (max)",
      String(pcsMax),
      `${MODE === "rtc" ? "<= 1 per view" : "0 outside rtc"}: ${verdict(pcsMax <= (MODE === "rtc" ? 1 : 0))}`,
    ],
    ["ImageBitmaps not closed (max)", String(bitmapsMax), `0: ${verdict(bitmapsMax === 0)}`],
    [
      "MJPEG requests open: after each popup / while away / while hidden",
      `${[...new Set(events.mjpegOpenAfterPopup)].join(",") || "-"} / ${[...new Set(events.mjpegOpenAway)].join(",") || "-"} / ${[...new Set(events.mjpegOpenHidden)].join(",") || "-"}`,
      MODE === "mjpeg"
        ? `1 / 0 / 0: ${verdict(events.mjpegOpenAfterPopup.every((n) => n === 1) && events.mjpegOpenAway.every((n) => n === 0) && events.mjpegOpenHidden.every((n) => n === 0))}`
        : "",
    ],
    [
      "popup views left after close",
      `${Math.max(0, ...events.popupImagesLeft)}`,
      `0: ${verdict(events.popupImagesLeft.every((n) => n === 0))}`,
    ],
    [
      "frames shown per second (live view, 5 s windows)",
      `median ${median(fpsShown).toFixed(1)}, min ${Math.min(...fpsShown).toFixed(1)} (hub set to ${FPS}, measured sending ${events.hubFps.map((f) => f.toFixed(1)).join(" and ")})`,
    ],
    [
      "long tasks (bench's GCs left out)",
      `${counted.length}, longest ${longest.toFixed(0)} ms`,
      `none: ${verdict(counted.length === 0)}`,
    ],
    [
      `long tasks, ${BASELINE_S} s view paused (baseline) vs playing`,
      `${events.baseline.paused} vs ${events.baseline.playing}`,
    ],
    ["popup: ring -> popup shown", list(events.popupOpenedAfterRingMs)],
    [
      "popup: shown -> first frame (each view)",
      list(popupFirst),
      `<= 2000 ms: ${verdict(popupFirst.length > 0 && Math.max(...popupFirst) <= 2000)}`,
    ],
    ["popup: closed itself after", list(events.autoCloseAfterMs), `30 s`],
    [
      "away and back: click -> first frame",
      list(events.navFirstFrameMs),
      `<= 2000 ms: ${verdict(events.navFirstFrameMs.every((n) => n <= 2000))}`,
    ],
    [
      "hidden -> visible: first frame",
      list(events.visibleFirstFrameMs),
      `<= 2000 ms: ${verdict(events.visibleFirstFrameMs.every((n) => n <= 2000))}`,
    ],
    [
      "stall 5 s: command -> overlay back",
      list(events.stallOverlayMs),
      `3 s after the last frame (<= ${LIVE_VIEW.frameTimeoutMs + 500} ms): ${verdict(events.stallOverlayMs.every((n) => n <= LIVE_VIEW.frameTimeoutMs + 500))}`,
    ],
    [
      "stall 5 s: camera resumed -> overlay gone",
      list(events.stallRecoveredMs),
      `<= 3000 ms: ${verdict(events.stallRecoveredMs.length > 0 && events.stallRecoveredMs.every((n) => n <= 3000))}`,
    ],
    ["steps that failed", events.failures.length === 0 ? "none" : events.failures.join("; ")],
  ];
  printTable(`Camera long run (${new Date().toISOString()}, ${process.env.E2E_DIST_DIR ?? "dist/"})`, rows);
}
