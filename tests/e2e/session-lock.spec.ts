import { fileURLToPath } from "node:url";
import { request as apiRequest, type BrowserContext, type Page } from "@playwright/test";
import * as v from "valibot";
import { LIVE_STREAMS_PATH, LiveStreamsAnswerSchema } from "../../contract/cameras";
import { closeContext, DEMO, expect, loginThroughUi, test } from "./support/fixtures";

// A session locked from elsewhere (spec §4: any answer carrying AUTH_SESSION_LOCKED locks):
// the hub ends the session's streams (its stream count drops) and live channel, and the panel shows
// the PIN screen within 2 s without waiting for its next API call: on the embedded broker the hub
// closes the panel's socket, on Mosquitto (whose socket the hub cannot close) it announces
// session/<hash>/ended.

const LOCK_SHOWN_WITHIN_MS = 2_000;
const sampleLog = fileURLToPath(new URL("../../hub/examples/pv-sample.csv", import.meta.url));

/** Locks the session of `context` from outside its pages: another client holding its cookie calls POST /session/lock. Answers when the hub answered. */
async function lockFromElsewhere(context: BrowserContext, baseURL: string): Promise<number> {
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join("; ");
  const other = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  try {
    const response = await other.post("/api/auth/v1/session/lock", { data: {} });
    expect(response.status()).toBe(200);
    return Date.now();
  } finally {
    await other.dispose();
  }
}

/** The hub's open live streams of camera `camera` (MJPEG, HLS, WebRTC), read with a session of its own (`GET /live/streams`). */
async function hubStreamsOf(baseURL: string, camera: string): Promise<number> {
  const reader = await apiRequest.newContext({ baseURL });
  try {
    expect(
      (
        await reader.post("/api/auth/v1/auth", {
          data: { login: DEMO.login, password: DEMO.password, sessionName: "stream count" },
        })
      ).status(),
    ).toBe(200);
    const counts = v.parse(
      LiveStreamsAnswerSchema,
      await (await reader.get(`/api/cameras/v1${LIVE_STREAMS_PATH}`)).json(),
    ).item;
    const item = counts.cameras.find((entry) => entry.id === camera);
    return item ? item.mjpeg + item.hls + item.rtc : 0;
  } finally {
    await reader.dispose();
  }
}

/** A fresh panel (its own context and session) logged in on `baseURL`. */
async function openPanel(
  browser: { newContext: (options: object) => Promise<BrowserContext> },
  baseURL: string,
  sessionName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on("request", (request) => calls.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await loginThroughUi(page, { baseURL, sessionName });
  // After login the app registers this browser as a panel (a lazy part): POST /panels/register, then the
  // list again when the hub's `panels/revision` says it changed (GET /panels), then the panel's first
  // report. Wait for all three, so a test watching what the panel calls later sees none of them.
  await expect
    .poll(
      () => {
        const register = calls.indexOf("POST /api/v2/panels/register");
        const after = calls.slice(register + 1);
        return (
          register >= 0 &&
          after.includes("GET /api/v2/panels") &&
          after.some((call) => /^POST \/api\/v2\/panels\/[^/]+\/report$/.test(call))
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return { context, page };
}

for (const broker of ["embedded", "mosquitto"] as const) {
  test.describe(`a session locked from elsewhere (${broker} broker)`, () => {
    test("a panel watching an MJPEG camera shows the PIN screen within 2 s; its stream is closed and no stream request follows", async ({
      browser,
      household,
    }) => {
      test.setTimeout(90_000);
      const { hub } = await household({ broker });
      const { context, page } = await openPanel(browser, hub.baseURL, "panel");
      try {
        const streams: { url: string; at: number; ended: number | null }[] = [];
        page.on("request", (request) => {
          if (request.url().includes("/live/mjpeg/")) streams.push({ url: request.url(), at: Date.now(), ended: null });
        });
        const ended = (url: string) => {
          const open = streams.find((stream) => stream.url === url && stream.ended === null);
          if (open) open.ended = Date.now();
        };
        page.on("requestfailed", (request) => ended(request.url()));
        page.on("requestfinished", (request) => ended(request.url()));
        await page.evaluate(() =>
          localStorage.setItem(
            "dashboard.cameraUi",
            JSON.stringify({ brama: { play: true, mode: "mjpeg", scaling: "stretch", stream: "full", audio: false } }),
          ),
        );
        await page.goto("/cameras/live?id=brama");
        const picture = page.getByRole("img", { name: "Brama wjazdowa" });
        await expect
          .poll(async () => Number(await picture.getAttribute("data-frames")), { timeout: 15_000 })
          .toBeGreaterThanOrEqual(3);
        expect(streams.filter((stream) => stream.ended === null)).toHaveLength(1);
        expect(await hubStreamsOf(hub.baseURL, "brama")).toBe(1);

        const lockedAt = await lockFromElsewhere(context, hub.baseURL);
        await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible({ timeout: LOCK_SHOWN_WITHIN_MS });
        expect(Date.now() - lockedAt).toBeLessThan(LOCK_SHOWN_WITHIN_MS + 500);
        await expect(picture).toHaveCount(0);
        // The stream's request has ended (the hub closed it, the panel let it go) and none follows.
        await expect
          .poll(() => streams.filter((stream) => stream.ended === null).length, { timeout: LOCK_SHOWN_WITHIN_MS })
          .toBe(0);
        // The hub itself no longer serves it: its stream count of the camera dropped.
        expect(await hubStreamsOf(hub.baseURL, "brama")).toBe(0);
        await page.waitForTimeout(3_000);
        expect(streams.filter((stream) => stream.at > lockedAt + 1_000)).toEqual([]);

        await page.getByText("Dotknij, aby rozpocząć.").click();
        await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
      } finally {
        await closeContext(context);
      }
    });

    test("a panel on the home screen, making no API call, shows the PIN screen within 2 s", async ({
      browser,
      household,
    }) => {
      test.setTimeout(60_000);
      const { hub } = await household({ broker });
      const { context, page } = await openPanel(browser, hub.baseURL, "kiosk");
      try {
        // Connected to the live channel (no red spinner in the bar) before the lock.
        await expect(page.getByTestId("live-spinner")).toHaveCount(0, { timeout: 15_000 });
        const apiCalls: string[] = [];
        const lockedAt = await lockFromElsewhere(context, hub.baseURL);
        page.on("request", (request) => {
          const path = new URL(request.url()).pathname;
          // HEAD is the offline feature's reachability check when the live channel drops: it reads no answer.
          if (path.startsWith("/api/") && !path.endsWith("/session/validate") && request.method() !== "HEAD")
            apiCalls.push(`${request.method()} ${path}`);
        });
        await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible({ timeout: LOCK_SHOWN_WITHIN_MS });
        expect(Date.now() - lockedAt).toBeLessThan(LOCK_SHOWN_WITHIN_MS + 500);
        expect(apiCalls).toEqual([]); // the panel learned it from the live channel, not from a call of its own
        await page.getByText("Dotknij, aby rozpocząć.").click();
        await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
      } finally {
        await closeContext(context);
      }
    });
  });
}

test("a PV upload answered AUTH_SESSION_LOCKED shows the PIN screen", async ({ loggedInPage: page }) => {
  await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Menu", exact: true }).click();
  await page.getByRole("link", { name: "Fotowoltaika" }).click();
  await expect(page.getByRole("heading", { name: "Fotowoltaika", level: 1 })).toBeVisible();
  // The upload's own answer must lock the panel: the session watch's validation (which the live
  // channel's closing would also start) is held back.
  await page.route("**/api/auth/v1/session/validate", (route) => route.abort());
  const answers: { status: number; code: unknown }[] = [];
  await page.route("**/api/v2/pv/log", async (route) => {
    // The session is locked by another client with its cookie while the file is on its way.
    expect((await page.request.post("/api/auth/v1/session/lock", { data: {} })).status()).toBe(200);
    const response = await route.fetch();
    answers.push({ status: response.status(), code: ((await response.json()) as { code?: unknown }).code });
    await route.fulfill({ response });
  });
  await page.getByLabel("Plik z logiem (CSV)").setInputFiles(sampleLog);
  await page.getByRole("button", { name: "Wyślij" }).click();
  await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
  expect(answers).toEqual([{ status: 403, code: "AUTH_SESSION_LOCKED" }]);
  await page.getByText("Dotknij, aby rozpocząć.").click();
  await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
});
