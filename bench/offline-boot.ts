// Warm offline boot benchmark (DESIGN.md §6: "warm load offline (service worker + IndexedDB), 4x CPU:
// dashboard with last known data within 1.5 s"). Logs in with the service worker in control, lets a
// reading of every temperature sensor arrive and be persisted, stops the hub, then reloads the page
// repeatedly with Chromium's CPU throttled 4x and measures, in the page, the time from navigation
// start to (a) the top bar, (b) the first sensor tile showing its last known value, (c) every
// temperature tile showing it, (d) the offline notice. Prints a table; it does not pass or fail.
// Run: `npx tsx bench/offline-boot.ts` after `npm run build`. BENCH_RUNS sets the number of reloads.
import * as v from "valibot";
import { startTestHub } from "../tests/e2e/support/hub";
import { SensorListSchema, nativeReading, publishDevice } from "../tests/e2e/support/mqtt";
import { launchChromium, loginAsDemo, ms, printTable } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_THROTTLE = 4;
const BUDGET_MS = 1500;

const MarksSchema = v.object({ shell: v.number(), firstValue: v.number(), allValues: v.number(), notice: v.number() });
type Marks = v.InferOutput<typeof MarksSchema>;

/**
 * The in-page probe, as source text (tsx would otherwise inject its `__name` helper into a function
 * passed to page.evaluate): resolves with the performance.now() of each mark, checked every frame.
 */
function measureInPage(tempTiles: number): string {
  return `new Promise((resolve) => {
    const found = { shell: -1, firstValue: -1, allValues: -1, notice: -1 };
    function check() {
      const now = performance.now();
      const values = Array.from(document.querySelectorAll('[data-testid^="sensor-"] [data-testid="sensor-value"]')).filter((e) => e.textContent !== "—");
      const temps = values.filter((e) => e.closest('[data-testid^="sensor-temp-"]') !== null);
      if (found.shell < 0 && document.querySelector('nav[aria-label="Pasek główny"]')) found.shell = now;
      if (found.firstValue < 0 && values.length > 0) found.firstValue = now;
      if (found.allValues < 0 && temps.length >= ${tempTiles}) found.allValues = now;
      if (found.notice < 0 && document.querySelector('[data-testid="offline-notice"]')) found.notice = now;
      if (Object.values(found).every((t) => t >= 0) || now > 30000) resolve(found);
      else requestAnimationFrame(check);
    }
    check();
  })`;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const hub = await startTestHub();
const browser = await launchChromium();
try {
  // bypassCSP: the probes below are script text, which the hub's CSP (no eval) would refuse; the app's
  // own code does not depend on the CSP, so the timings are unaffected.
  const context = await browser.newContext({
    serviceWorkers: "allow",
    bypassCSP: true,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(hub.baseURL);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await loginAsDemo(page, hub.baseURL);

  const sensors = v.parse(
    SensorListSchema,
    await (await page.request.get(`${hub.baseURL}/api/v2/config/sensors`)).json(),
  ).items;
  const temps = sensors.filter((s) => s.kind === "temp");
  for (const [i, sensor] of temps.entries()) {
    const reading = nativeReading(sensor, 15 + i);
    await publishDevice(hub, reading.topic, reading.payload);
  }
  await page.waitForFunction(
    `Array.from(document.querySelectorAll('[data-testid^="sensor-temp-"] [data-testid="sensor-value"]')).filter((e) => e.textContent !== "—").length >= ${temps.length}`,
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(6_000); // the snapshot is persisted every 5 s
  await hub.stop();

  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  const runs: Marks[] = [];
  for (let run = 0; run <= RUNS; run++) {
    await page.reload({ waitUntil: "commit" });
    const marks = v.parse(MarksSchema, await page.evaluate(measureInPage(temps.length)));
    if (run > 0) runs.push(marks); // run 0 warms the caches after the hub went away
  }

  const row = (name: string, pick: (m: Marks) => number, budget?: string): [string, string, string?] => {
    const values = runs.map(pick);
    const text = values.some((t) => t < 0)
      ? "not reached"
      : `${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
    return [name, text, budget];
  };
  printTable(
    `Warm offline boot, hub stopped, ${CPU_THROTTLE}x CPU, median of ${RUNS} reloads (${temps.length} temperature tiles)`,
    [
      row("top bar visible", (m) => m.shell),
      row("first tile with last known value", (m) => m.firstValue, `<= ${BUDGET_MS} ms`),
      row("all temperature tiles with values", (m) => m.allValues, `<= ${BUDGET_MS} ms`),
      row("offline notice visible", (m) => m.notice),
    ],
  );
  const worst = median(runs.map((m) => m.allValues));
  console.log(
    `\nverdict: ${worst >= 0 && worst <= BUDGET_MS ? "within" : "OVER"} the ${BUDGET_MS} ms budget (median, all tiles)`,
  );
  await context.close();
} finally {
  await browser.close();
  await hub.close();
}
