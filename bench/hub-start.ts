// Hub start-up: how long from `node` starting until the hub answers HTTP and its broker's TCP port
// listens, and how much CPU the process used by then, for the bundle (`node --enable-source-maps
// dist-hub/main.js`, what `npm start` and the end-to-end tests run) and for the sources under tsx
// (`node --import tsx hub/main.ts`). Demo mode, simulator off, a new data directory each time (the
// demo household is seeded, as on a first start). Runs alternate between the two, BENCH_RUNS each
// (default 5); medians printed. Linux only (CPU from /proc/<pid>/stat).
// Run: `npx tsx bench/hub-start.ts` (builds the bundle first when a hub source is newer).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HUB_BUNDLE } from "../scripts/build-hub";
import { answersHttp, ensureHubBundle, repoRoot } from "../tests/e2e/support/hub";
import { freePort, isListening, waitFor } from "../tests/e2e/support/ports";
import { median } from "./soakVerdict";
import { printTable } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const CLOCK_TICKS_PER_S = 100;

const MODES = {
  bundle: ["--enable-source-maps", HUB_BUNDLE],
  tsx: ["--import", "tsx", "hub/main.ts"],
} as const;
type Mode = keyof typeof MODES;

/** user + system CPU of a process so far, in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** One start: ms until ready, CPU ms used by then. */
async function startOnce(mode: Mode): Promise<{ readyMs: number; cpu: number }> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "hub-start-"));
  const started = performance.now();
  const child = spawn(process.execPath, [...MODES[mode]], {
    cwd: repoRoot,
    stdio: "ignore",
    env: {
      ...process.env,
      HUB_DEMO: "1",
      HUB_SIMULATOR: "0",
      HOST: "127.0.0.1",
      PORT: String(port),
      HUB_MQTT_PORT: String(mqttPort),
      HUB_DATA_DIR: dataDir,
      HUB_LOG_LEVEL: "warn",
      HUB_TLS: "off",
    },
  });
  try {
    await waitFor(
      async () => (await answersHttp(`http://127.0.0.1:${port}`)) && (await isListening(mqttPort)),
      `the hub (${mode})`,
      45_000,
    );
    const readyMs = performance.now() - started;
    return { readyMs, cpu: cpuMs(child.pid ?? 0) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureHubBundle();
const results: Record<Mode, Array<{ readyMs: number; cpu: number }>> = { bundle: [], tsx: [] };
for (let i = 0; i < RUNS; i++) for (const mode of ["bundle", "tsx"] as const) results[mode].push(await startOnce(mode));
const show = (values: number[]) =>
  `${Math.round(median(values))} ms (runs: ${values.map((v) => Math.round(v)).join(", ")})`;
printTable(`Hub start-up, demo mode, simulator off, ${RUNS} runs each, alternating (${new Date().toISOString()})`, [
  ["bundle: ready (HTTP + broker TCP)", show(results.bundle.map((r) => r.readyMs))],
  ["bundle: CPU by then", show(results.bundle.map((r) => r.cpu))],
  ["tsx: ready (HTTP + broker TCP)", show(results.tsx.map((r) => r.readyMs))],
  ["tsx: CPU by then", show(results.tsx.map((r) => r.cpu))],
]);
