// Panel soak (a 24-hour soak of a panel, time compressed): one logged-in
// wall panel with its screensaver on short stages (2 s to the clock, 3 s to dim, 4 s to black) and
// Fully Kiosk's JavaScript Interface stubbed (so Fully's path runs too), on a real hub whose demo
// simulator publishes live traffic. Each simulated hour (SOAK_MINUTES × 60 / 24 s of real time) the
// panel goes through a full screensaver cycle (clock, dim, black) and is woken by a touch (the first
// touch only wakes); the house sends screen commands (dim, wake, off, wake: screenCommandAtom, through
// window.__panelScreen); every second hour the doorbell rings from the device end
// (zigbee2mqtt/dzwonek_brama over MQTT/TCP as the device's own user), its popup with live views opens
// (pausing the screensaver) and is closed with 'Zamknij'; the panel goes to the weather screen and
// home again. After each simulated hour: heap after GC (CDP HeapProfiler.collectGarbage twice, then
// Runtime.getHeapUsage), DOM nodes and JS event listeners (Memory.getDOMCounters), each the least of
// three reads 1 s apart. At the end, from hour 1 on (hour 0 is just after login, home still drawing):
// first -> last (max) and the fitted growth of the second half.
//
// Run: `npm run build && npx tsx bench/panel-soak.ts` (SOAK_MINUTES, default 10: 24 simulated hours).
import type { CDPSession, Page } from "@playwright/test";
import { startTestHub } from "../tests/e2e/support/hub";
import { publishDevice } from "../tests/e2e/support/mqtt";
import { summariseSeries, type Point } from "./soakVerdict";
import { launchChromium, loginAsDemo, printTable } from "./support";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const HOURS = 24;
const HOUR_MS = (MINUTES * 60_000) / HOURS;
const SHORT = { enabled: true, day: { screensaverAfterS: 2, dimAfterS: 3, blackAfterS: 4 }, dimBrightness: 0.3 };
const PRESS = { action: "single", battery: 97, linkquality: 132 };

/** A stand-in for Fully Kiosk's JavaScript Interface (`window.fully`) counting its calls in `window.__fullyCalls`. */
const FULLY_STUB = `(() => {
  const calls = { count: 0 };
  let brightness = 200;
  window.__fullyCalls = calls;
  window.fully = {
    turnScreenOn() { calls.count++; },
    turnScreenOff() { calls.count++; },
    isScreenOn() { return true; },
    setScreenBrightness(value) { brightness = value; calls.count++; },
    getScreenBrightness() { return brightness; },
    bind() { calls.count++; },
  };
})();`;

type Sample = { hour: number; heapMB: number; nodes: number; listeners: number };
/** What the panel exposes for benchmarks (src/platform/kiosk/screensaver.ts, window.__panelScreen). */
type PanelScreenHook = { __panelScreen?: { state(): string; command(mode: "dim" | "off" | "wake"): void } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(cdp: CDPSession, hour: number): Promise<Sample> {
  const reads: Array<{ heap: number; nodes: number; listeners: number }> = [];
  for (let read = 0; read < 3; read++) {
    if (read > 0) await sleep(1_000);
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    const usage = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
    const dom = (await cdp.send("Memory.getDOMCounters")) as { nodes: number; jsEventListeners: number };
    reads.push({ heap: usage.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners });
  }
  const least = (pick: (r: (typeof reads)[number]) => number) => Math.min(...reads.map(pick));
  return {
    hour,
    heapMB: least((r) => r.heap) / 1024 / 1024,
    nodes: least((r) => r.nodes),
    listeners: least((r) => r.listeners),
  };
}

const screenState = (page: Page) => page.evaluate(() => (window as PanelScreenHook).__panelScreen?.state() ?? "none");
const command = (page: Page, mode: "dim" | "off" | "wake") =>
  page.evaluate((m) => (window as PanelScreenHook).__panelScreen?.command(m), mode);

async function waitForState(page: Page, state: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await screenState(page)) !== state) {
    if (Date.now() > until) throw new Error(`the screen did not reach '${state}' (is '${await screenState(page)}')`);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  const hub = await startTestHub({ simulator: true });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // A string, not a function: tsx's transform wraps functions in helpers the page does not have.
    await context.addInitScript({
      content: `localStorage.setItem("screensaver.test", ${JSON.stringify(JSON.stringify(SHORT))});\n${FULLY_STUB}`,
    });
    const page = await context.newPage();
    await loginAsDemo(page, hub.baseURL);
    await page.getByTestId("live-spinner").waitFor({ state: "hidden", timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("HeapProfiler.enable");
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    const samples: Sample[] = [await measure(cdp, 0)];
    const print = (s: Sample) =>
      console.log(
        `[hour ${String(s.hour).padStart(2)}] heap ${s.heapMB.toFixed(2)} MB | nodes ${s.nodes} | listeners ${s.listeners}`,
      );
    print(samples[0] as Sample);
    let cycles = 0;
    let rings = 0;
    let commands = 0;
    for (let hour = 1; hour <= HOURS; hour++) {
      const started = Date.now();
      // A full screensaver cycle, then the first touch (it only wakes).
      await waitForState(page, "black");
      await page.mouse.click(640, 400);
      await waitForState(page, "awake");
      cycles++;
      // The house's screen commands.
      for (const mode of ["dim", "wake", "off", "wake"] as const) {
        await command(page, mode);
        commands++;
        await sleep(200);
      }
      // Another screen and back (awake: the commands ended with 'wake').
      await bar.getByRole("link", { name: "Pogoda" }).click();
      await page.waitForURL("**/weather");
      await bar.getByRole("link", { name: "Start" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      if (hour % 2 === 0) {
        await page.waitForTimeout(1_100); // the hub counts presses within 1 s as one ring
        await publishDevice(hub, "zigbee2mqtt/dzwonek_brama", PRESS);
        const popup = page.getByRole("dialog", { name: "Ktoś dzwoni przy bramce." });
        await popup.waitFor({ timeout: 10_000 });
        await sleep(2_000);
        await popup.getByRole("button", { name: "Zamknij" }).click();
        await popup.waitFor({ state: "hidden" });
        rings++;
      }
      await sleep(Math.max(0, started + HOUR_MS - Date.now()));
      const sample = await measure(cdp, hour);
      samples.push(sample);
      print(sample);
    }
    // Hour 0 is taken just after login, before home has drawn every section: the series start at hour 1.
    const series = (pick: (s: Sample) => number): Point[] =>
      samples.slice(1).map((s) => ({ minute: s.hour, value: pick(s) }));
    const heap = summariseSeries(series((s) => s.heapMB));
    const nodes = summariseSeries(series((s) => s.nodes));
    const listeners = summariseSeries(series((s) => s.listeners));
    const fullyCalls = await page.evaluate(
      () => (window as unknown as { __fullyCalls?: { count: number } }).__fullyCalls?.count ?? -1,
    );
    printTable(`panel soak: ${HOURS} simulated hours in ${MINUTES} min (${new Date().toISOString().slice(0, 10)})`, [
      ["screensaver cycles / commands / doorbell rings", `${cycles} / ${commands} / ${rings}`],
      ["Fully API calls", String(fullyCalls)],
      [
        "heap after GC: first -> last (max)",
        `${heap.first.toFixed(2)} -> ${heap.last.toFixed(2)} MB (${heap.max.toFixed(2)})`,
      ],
      ["heap after GC: second half, fitted growth", `${heap.secondHalfGrowth.toFixed(2)} MB`, "flat (<= 1 MB)"],
      ["DOM nodes: first -> last (max)", `${nodes.first} -> ${nodes.last} (${nodes.max})`],
      ["DOM nodes: second half, fitted growth", nodes.secondHalfGrowth.toFixed(0), "flat"],
      ["listeners: first -> last (max)", `${listeners.first} -> ${listeners.last} (${listeners.max})`],
      ["listeners: second half, fitted growth", listeners.secondHalfGrowth.toFixed(0), "flat"],
    ]);
    await context.close();
  } finally {
    await browser.close();
    await hub.close();
  }
}

await main();
