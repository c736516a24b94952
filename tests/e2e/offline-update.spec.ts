import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, type Page } from "@playwright/test";
import * as v from "valibot";
import { expect, loginThroughUi } from "./support/fixtures";
import { repoRoot, startTestHub, type TestHub } from "./support/hub";

// Safe kiosk updates (DESIGN.md §5): a new build deployed while the
// dashboard is open is applied only when the kiosk is idle and no dialog is open, then the page
// reloads into the new version with no chunk-load error and no lost state. A page still on the old
// version keeps loading its lazy chunks after the new service worker took over.

const NEXT_BUILD = "e2e-next";
const IDLE_MS = 2000;

interface Deploy {
  /** HUB_DIST_DIR of the test hub: starts as a copy of dist/ (the current build). */
  live: string;
  /** A second build of the same source with VITE_BUILD_ID=e2e-next (new hashes, new sw.js). */
  next: string;
  root: string;
}

/** Builds the "next version" once for this file (vite build into a temp dir). */
function buildNext(): Deploy {
  const root = mkdtempSync(join(tmpdir(), "dashboard-deploy-"));
  const live = join(root, "live");
  const next = join(root, "next");
  cpSync(join(repoRoot, "dist"), live, { recursive: true });
  const vite = join(repoRoot, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--outDir", next, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: repoRoot,
    env: { ...process.env, VITE_BUILD_ID: NEXT_BUILD },
    encoding: "utf8",
    timeout: 240_000,
  });
  if (build.status !== 0) throw new Error(`second build failed:\n${build.stdout}\n${build.stderr}`);
  return { live, next, root };
}

/** Deploys: replaces the served files with the next build, as a deploy script would. */
function deployNext(deploy: Deploy): void {
  for (const entry of readdirSync(deploy.live)) rmSync(join(deploy.live, entry), { recursive: true, force: true });
  cpSync(deploy.next, deploy.live, { recursive: true });
}

const test = base.extend<{ hub: TestHub }, { deploy: Deploy }>({
  deploy: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const deploy = buildNext();
      await use(deploy);
      rmSync(deploy.root, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 300_000 },
  ],
  hub: async ({ deploy }, use) => {
    rmSync(deploy.live, { recursive: true, force: true });
    cpSync(join(repoRoot, "dist"), deploy.live, { recursive: true });
    const hub = await startTestHub({ env: { HUB_DIST_DIR: deploy.live } });
    await use(hub);
    await hub.close();
  },
  serviceWorkers: "allow",
});

/** Everything that would show a broken deploy: page errors, failed chunk loads, 404 assets. */
function watchForChunkErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /dynamically imported module|chunk|Loading/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/assets/") && response.status() >= 400)
      problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

async function openKiosk(page: Page, hub: TestHub): Promise<void> {
  await page.addInitScript((idleMs) => localStorage.setItem("kiosk.idleMs", String(idleMs)), IDLE_MS);
  await page.goto(hub.baseURL);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await loginThroughUi(page, { baseURL: hub.baseURL });
  // The kiosk (and its window.__kiosk) starts once start-up is over (src/lib/tasks/afterStartup.ts).
  await expect.poll(() => buildOf(page), { timeout: 20_000 }).not.toBeNull();
}

/** `window.__kiosk` (src/platform/kiosk/updates.ts): which build runs, whether an update waits. */
const KioskStateSchema = v.object({ build: v.string(), updateWaiting: v.boolean() });

async function kioskState(page: Page): Promise<v.InferOutput<typeof KioskStateSchema> | null> {
  const raw: unknown = await page.evaluate((): unknown => Reflect.get(window, "__kiosk"));
  const parsed = v.safeParse(KioskStateSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** The running build id, or null while the page is reloading. */
const buildOf = async (page: Page): Promise<string | null> => (await kioskState(page).catch(() => null))?.build ?? null;

/** Makes the page check for a new version now (as it does hourly and on becoming visible). */
const checkForUpdate = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

test.describe("kiosk updates", () => {
  test.setTimeout(180_000);

  test("a new build deployed while the page is idle is applied at idle, with no chunk-load error and no lost state", async ({
    page,
    hub,
    deploy,
  }) => {
    const problems = watchForChunkErrors(page);
    await openKiosk(page, hub);
    const before = await buildOf(page);
    expect(before).not.toBe(NEXT_BUILD);

    deployNext(deploy);
    await checkForUpdate(page);
    await expect.poll(() => buildOf(page), { timeout: 60_000 }).toBe(NEXT_BUILD);

    // Still logged in, and every lazy route of the new version loads.
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    await page.getByRole("link", { name: "Pogoda" }).click();
    await expect(page).toHaveURL(/\/weather$/);
    await page.getByRole("link", { name: "Menu" }).click();
    await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
    await page.getByRole("link", { name: "Przełączniki" }).click();
    await expect(page).toHaveURL(/\/switches$/);
    expect(problems).toEqual([]);
  });

  test("with a dialog open the update waits; it is applied once the dialog closes", async ({ page, hub, deploy }) => {
    const problems = watchForChunkErrors(page);
    await openKiosk(page, hub);
    const before = await buildOf(page);
    await page.evaluate(() => {
      const dialog = document.createElement("dialog");
      dialog.id = "e2e-dialog";
      dialog.textContent = "Ktoś dzwoni przy bramce.";
      document.body.append(dialog);
      dialog.show();
    });

    deployNext(deploy);
    await checkForUpdate(page);
    await expect.poll(() => kioskState(page).then((state) => state?.updateWaiting), { timeout: 60_000 }).toBe(true);
    await page.waitForTimeout(IDLE_MS + 3000);
    expect(await buildOf(page), "not reloaded while the dialog is open").toBe(before);
    await expect(page.locator("#e2e-dialog")).toBeVisible();

    await page.evaluate(() => document.querySelector<HTMLDialogElement>("#e2e-dialog")?.close());
    await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe(NEXT_BUILD);
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a page still on the old version loads its lazy chunks after another page applied the update", async ({
    page,
    hub,
    deploy,
    context,
  }) => {
    await openKiosk(page, hub);
    const oldBuild = await buildOf(page);
    // The old page is busy (a dialog is open), so it will not reload.
    await page.evaluate(() => {
      const dialog = document.createElement("dialog");
      document.body.append(dialog);
      dialog.show();
    });
    const problems = watchForChunkErrors(page);
    const assetsLoaded: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/assets/") && response.ok()) assetsLoaded.push(pathname.slice("/assets/".length));
    });

    deployNext(deploy);
    const other = await context.newPage();
    await other.goto(hub.baseURL);
    await checkForUpdate(other);
    await expect.poll(() => buildOf(other), { timeout: 60_000 }).toBe(NEXT_BUILD);

    // The new worker now controls the old page too; its old chunks are no longer on the hub, and
    // the browser's HTTP cache may have dropped them (cleared here, as storage pressure would).
    expect(await buildOf(page)).toBe(oldBuild);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.getByRole("link", { name: "Pogoda" }).click();
    await expect(page).toHaveURL(/\/weather$/);
    await page.getByRole("link", { name: "Kamery" }).click();
    await expect(page).toHaveURL(/\/cameras$/);
    // The bar's routes were preloaded when their links came into view (usePrefetchLinks, 200 px margin),
    // before the update, so those clicks may fetch nothing. A route with no link on screen
    // still has its chunk to load: reached as the browser's Forward button would (a history entry of
    // the router's shape, then popstate).
    await page.evaluate(() => {
      const state: unknown = history.state;
      const index =
        typeof state === "object" && state !== null && "__TSR_index" in state ? Number(state.__TSR_index) : 0;
      history.pushState({ __TSR_index: index + 1, key: "e2e-forward", __TSR_key: "e2e-forward" }, "", "/automations");
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    });
    await expect(page).toHaveURL(/\/automations$/);
    await expect(page.getByRole("heading", { level: 1, name: "Automatyzacje" })).toBeVisible();
    expect(problems).toEqual([]);
    // Some of those chunks exist only in the old build: they came from the previous version's assets.
    const nextAssets = new Set(readdirSync(join(deploy.next, "assets")));
    expect(assetsLoaded.filter((name) => !nextAssets.has(name)).length).toBeGreaterThan(0);
  });
});
