// Dashboard first load of a logged-in user (total blocking time): what the main thread does
// from navigation until the dashboard has settled, at 4x CPU (CDP Emulation.setCPUThrottlingRate), in
// real Chromium against the real hub (embedded broker, simulator on so tiles get readings), cold
// (no service worker, empty storage; the session cookie from POST /api/auth/v1/auth). Prints, per
// run, the long tasks (count, longest, total) and their total blocking time (the part of each over
// 50 ms, Lighthouse's TBT without its simulation), and what the long tasks were made of (a trace:
// self time by event, script by function from a CDP profile).
// Run: `npx tsx bench/dashboard-load.ts` after `npm run build` (E2E_DIST_DIR for another build;
// BENCH_RUNS, default 3; BENCH_SETTLE_MS, how long after the top bar shows, default 8000;
// BENCH_PROFILE_DIR to keep each run's .cpuprofile and trace).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestHub } from "../tests/e2e/support/hub";
import { summariseProfile, type CpuProfile } from "./cpuProfile";
import { summariseTrace, TRACE_CATEGORIES, type TraceEvent } from "./traceSummary";
import { installPageProbes, readProbes } from "./probes";
import { demoLoginCookies, launchChromium, ms, printTable } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 8_000);
const CPU_THROTTLE = 4;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

const hub = await startTestHub({ simulator: true });
const browser = await launchChromium();
const rows: Array<[string, string]> = [];
const blocking: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      (await demoLoginCookies(hub.baseURL, "dashboard-load")).map((cookie) => ({ ...cookie, url: hub.baseURL })),
    );
    const page = await context.newPage();
    await installPageProbes(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(hub.baseURL);
    await page.getByRole("navigation", { name: "Pasek główny" }).waitFor({ timeout: 60_000 });
    const topBarAt = (await readProbes(page)).now;
    await page.waitForTimeout(SETTLE_MS);
    const probes = await readProbes(page);
    const traceText = (await browser.stopTracing()).toString("utf8");
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
    if (PROFILE_DIR) {
      writeFileSync(join(PROFILE_DIR, `load-${run}.trace.json`), traceText);
      writeFileSync(join(PROFILE_DIR, `load-${run}.cpuprofile`), JSON.stringify(profile));
    }
    const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
    const script = summariseProfile(profile, 5);
    await context.close();
    const tasks = probes.longTasks;
    const tbt = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    blocking.push(tbt);
    const inLong = summariseTrace(trace.traceEvents);
    rows.push(
      [`run ${run}: top bar shown`, ms(topBarAt)],
      [
        `run ${run}: long tasks (count / longest / total)`,
        `${tasks.length} / ${ms(Math.max(0, ...tasks.map((t) => t.duration)))} / ${ms(tasks.reduce((s, t) => s + t.duration, 0))}`,
      ],
      [`run ${run}: blocking time (sum over 50 ms)`, ms(tbt)],
      [
        `run ${run}: inside long tasks (trace self time)`,
        inLong.selfMsByName
          .slice(0, 6)
          .map(([name, time]) => `${name} ${time.toFixed(0)}`)
          .join(", "),
      ],
      [
        `run ${run}: script share of the profile, top functions`,
        `${((100 * script.scriptMs) / Math.max(script.totalMs, 1)).toFixed(1)} %: ${script.hotspots.map((h) => `${h.name} (${h.where}) ${h.selfMs.toFixed(0)}`).join(", ")}`,
      ],
    );
  }
  const sorted = [...blocking].sort((a, b) => a - b);
  rows.push(["blocking time, median", ms(sorted[Math.floor(sorted.length / 2)] ?? NaN)]);
  printTable(
    `dashboard first load, logged in, ${CPU_THROTTLE}x CPU, ${RUNS} runs (${new Date().toISOString()}, ${process.env.E2E_DIST_DIR ?? "dist/"})`,
    rows,
  );
} finally {
  await browser.close();
  await hub.close();
}
