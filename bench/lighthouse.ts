// Lighthouse benchmark: Lighthouse 12, its default mobile preset (simulated slow 4G and 4x
// CPU slowdown, Moto G Power screen), in the system Chromium, against a real hub serving the built
// dashboard (tests/e2e/support/hub.ts, E2E_DIST_DIR for another build) with its device simulator on,
// so the dashboard is a household's: retained readings, the calendar and the lights arrive through
// the bridge while it loads (without them every tile stayed a skeleton, and a layout shift of 0.54
// when the calendar landed above the rooms went unseen). Three runs per page, median
// printed: performance, accessibility and best-practices scores, FCP, LCP, TBT and CLS, for the login
// screen (a new user, nothing cached) and for the dashboard of a logged-in user (the cookies that
// POST /api/auth/v1/auth sets, the session and its sign-in hint, put in the browser's cookie jar over
// the DevTools protocol before Lighthouse opens the page; Lighthouse keeps cookies across its reset).
// Run: `npx tsx bench/lighthouse.ts` after `npm run build` (LIGHTHOUSE_RUNS to change the count).
import * as chromeLauncher from "chrome-launcher";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import WebSocket from "ws";
import { startTestHub } from "../tests/e2e/support/hub";
import { median } from "./soakVerdict";
import { chromiumPath, demoLoginCookies, printTable, type HubCookie } from "./support";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_TRACE_DIR: each run's trace is written there (`<page>-<n>.json`, for bench/traceTasks.ts or DevTools). */
const TRACE_DIR = process.env.LIGHTHOUSE_TRACE_DIR;
let traceCount = 0;

/** Writes a run's trace events to TRACE_DIR as `{traceEvents}` (the format DevTools opens). */
function saveTrace(traceEvents: unknown[], page: string): void {
  if (!TRACE_DIR) return;
  mkdirSync(TRACE_DIR, { recursive: true });
  const file = join(TRACE_DIR, `${page}-${++traceCount}.json`);
  writeFileSync(file, JSON.stringify({ traceEvents }));
  console.log(`trace: ${file}`);
}
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One Lighthouse run's figures: scores 0–100, times in ms, CLS unitless. */
type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
};

/** Puts `cookies` in the browser's cookie jar for `url` (CDP Storage.setCookies on the browser target). */
async function setBrowserCookies(port: number, url: string, cookies: HubCookie[]): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  try {
    const answer = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.once("message", (data) => resolve(JSON.parse(String(data)) as { error?: { message: string } })),
    );
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: { cookies: cookies.map((cookie) => ({ ...cookie, url, sameSite: "Strict" })) },
      }),
    );
    const { error } = await answer;
    if (error) throw new Error(`Storage.setCookies: ${error.message}`);
  } finally {
    socket.close();
  }
}

async function runOnce(url: string, cookies: HubCookie[] = []): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? chromiumPath,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (cookies.length > 0) await setBrowserCookies(chrome.port, url, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    if (process.env.LIGHTHOUSE_DETAILS === "1") printDetails(url, result.lhr);
    if (TRACE_DIR) saveTrace(result.artifacts.Trace.traceEvents, cookies.length > 0 ? "dashboard" : "login");
    const score = (id: string) => Math.round((categories[id]?.score ?? NaN) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
    };
  } finally {
    chrome.kill();
  }
}

/** LIGHTHOUSE_DETAILS=1: audits that did not pass, the LCP element, the main thread's biggest costs. */
function printDetails(url: string, lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]): void {
  const failing = Object.values(lhr.audits).filter(
    (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
  );
  console.log(
    `\n${url}: audits under 0.9: ${failing.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join("; ")}`,
  );
  for (const id of [
    "largest-contentful-paint-element",
    "long-tasks",
    "bootup-time",
    "mainthread-work-breakdown",
    "errors-in-console",
  ]) {
    console.log(`${id}: ${JSON.stringify(lhr.audits[id]?.details ?? null).slice(0, 1500)}`);
  }
}

async function measure(name: string, url: string, cookies: HubCookie[] = []): Promise<void> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, cookies));
  const col = (key: keyof Figures) => runs.map((run) => run[key]);
  const fmt = (key: keyof Figures, unit: "s" | "ms" | "" = "") => {
    const show = (v: number) =>
      unit === "s" ? `${(v / 1000).toFixed(2)} s` : unit === "ms" ? `${Math.round(v)} ms` : `${Number(v.toFixed(3))}`;
    return `${show(median(col(key)))} (runs: ${col(key).map(show).join(", ")})`;
  };
  printTable(`Lighthouse 12 mobile, ${name}, median of ${RUNS} (${new Date().toISOString()})`, [
    ["performance score", fmt("performance"), ">= 95"],
    ["accessibility score", fmt("accessibility"), "100"],
    ["best-practices score", fmt("bestPractices"), "100"],
    ["first contentful paint", fmt("fcp", "s"), "<= 1.0 s"],
    ["largest contentful paint", fmt("lcp", "s"), "<= 1.8 s"],
    ["total blocking time", fmt("tbt", "ms"), "<= 100 ms"],
    ["cumulative layout shift", fmt("cls"), "0"],
  ]);
}

const hub = await startTestHub({ simulator: true });
try {
  await measure("login screen (new user)", `${hub.baseURL}/`);
  await measure(
    "dashboard (logged-in user, session cookies)",
    `${hub.baseURL}/`,
    await demoLoginCookies(hub.baseURL, "lighthouse"),
  );
} finally {
  await hub.close();
}
