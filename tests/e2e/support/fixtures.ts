import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import * as v from "valibot";
import { startTestHub, type TestHub, type TestHubOptions } from "./hub";
import { startMosquitto, type TestMosquitto } from "./mosquitto";
import { SensorListSchema, type DeviceBroker, type Sensor } from "./mqtt";

export { expect };

/** The demo user the hub seeds with HUB_DEMO=1 (README, DESIGN.md §2). */
export const DEMO = { login: "demo", password: "demo", pin: "1357" } as const;

/**
 * Logs in through the login screen (spec §2 'Logowanie') and waits for the dashboard's top bar.
 * Opens `baseURL` (default: the context's, i.e. the worker's hub); assumes a fresh context.
 */
export async function loginThroughUi(
  page: Page,
  options: { baseURL?: string; sessionName?: string } = {},
): Promise<void> {
  await page.goto(options.baseURL ?? "/");
  await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  await page.getByLabel("Login", { exact: true }).fill(DEMO.login);
  await page.getByLabel("Hasło", { exact: true }).fill(DEMO.password);
  await page.getByLabel("Nazwa sesji", { exact: true }).fill(options.sessionName ?? "e2e");
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
}

/**
 * Presses a disabled control as a finger would, to show the press does nothing: scrolled to the middle
 * of the viewport first, clear of the fixed top and bottom bars, then clicked without Playwright's
 * actionability wait (a disabled control never becomes actionable, so `force`). A forced click on a
 * control scrolled only to the viewport's edge lands on whatever covers it: CI once pressed the bar's
 * 'Pogoda' link that way instead of the gate's button.
 */
export async function pressDisabled(control: Locator): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: "center", inline: "center" }));
  await control.click({ force: true });
}

/**
 * Closes a test's extra browser context, waiting at most `ms` (10 s). Chromium has been seen, once in
 * many runs, to leave `browserContext.close()` pending until the test's timeout after every assertion
 * had passed; the context is then left for the worker's browser to close with itself, with a warning,
 * instead of failing a test whose behaviour was verified.
 */
export async function closeContext(context: BrowserContext, ms = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), ms)));
  const result = await Promise.race([
    context.close().then(
      () => "closed" as const,
      () => "closed" as const, // already closed with its browser
    ),
    timedOut,
  ]);
  clearTimeout(timer);
  if (result === "timeout")
    console.warn(`closeContext: the browser context did not close within ${ms} ms; left to the worker's browser`);
}

/**
 * GET /api/v2/config/sensors with the page's session cookie, validated (docs/contract.md).
 * `baseURL`: a hub other than the worker's (tests that start their own).
 */
export async function configuredSensors(page: Page, baseURL = ""): Promise<Sensor[]> {
  const response = await page.request.get(`${baseURL}/api/v2/config/sensors`);
  expect(response.status(), "GET /api/v2/config/sensors").toBe(200);
  return v.parse(SensorListSchema, await response.json()).items;
}

/** The first configured sensor matching `predicate`; fails the test naming `what` when there is none. */
export function pickSensor(sensors: Sensor[], what: string, predicate: (s: Sensor) => boolean): Sensor {
  const found = sensors.find(predicate);
  if (found === undefined)
    throw new Error(`the hub's household has no ${what} (got ${sensors.map((s) => s.id).join(", ")})`);
  return found;
}

interface WorkerFixtures {
  /** One real hub per worker (embedded broker, simulator off, demo user). */
  hub: TestHub;
}

/** Options of the `household` fixture: the hub's, plus which broker the household runs. */
export type HouseholdOptions = Omit<TestHubOptions, "mqttUrl" | "mqttWsUrl"> & {
  /** "embedded" (default): the hub's Aedes. "mosquitto": Debian's Mosquitto as hub/examples/mosquitto. */
  broker?: "embedded" | "mosquitto";
};

/** A hub started for one test, and its Mosquitto when asked for. */
export interface Household {
  hub: TestHub;
  /** Only with `broker: "mosquitto"`. */
  broker?: TestMosquitto;
  /** Where and as whom a simulated device connects: the household broker's TCP URL and a device login. */
  device: Required<DeviceBroker>;
}

interface TestFixtures {
  /** A page logged in through the UI as demo / demo, showing the dashboard. */
  loggedInPage: Page;
  /**
   * Starts a hub of this test's own (simulator, environment as asked), on the embedded broker or on
   * Mosquitto; everything it started is closed after the test, and the hub's output is attached to a
   * failed test's report.
   */
  household: (options?: HouseholdOptions) => Promise<Household>;
}

/**
 * Playwright `test` with a worker-scoped real hub, `baseURL` pointing at it, service workers blocked
 * (the offline suite, tests/e2e/offline*.spec.ts, covers the service worker; here page.route must see
 * every request) and a `loggedInPage`.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  hub: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const hub = await startTestHub();
      await use(hub);
      await hub.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ hub }, use, testInfo) => {
    if (!hub.running())
      throw new Error(`this worker's hub on ${hub.baseURL} died before the test\n--- hub output ---\n${hub.output()}`);
    await use(hub.baseURL);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach("worker hub output", {
        body: `${hub.running() ? "running" : "NOT RUNNING"}\n${hub.output()}`,
      });
    }
  },
  serviceWorkers: "block",
  loggedInPage: async ({ page }, use) => {
    await loginThroughUi(page);
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  household: async ({}, use, testInfo) => {
    const started: { hub?: TestHub; broker?: TestMosquitto }[] = [];
    await use(async (options = {}) => {
      const { broker: brokerKind = "embedded", ...hubOptions } = options;
      const entry: { hub?: TestHub; broker?: TestMosquitto } = {};
      started.push(entry);
      if (brokerKind === "mosquitto") {
        const broker = await startMosquitto();
        entry.broker = broker;
        entry.hub = await startTestHub({ ...hubOptions, mqttUrl: broker.hubUrl, mqttWsUrl: broker.wsUrl });
        return { hub: entry.hub, broker, device: { mqttTcpUrl: broker.tcpUrl, deviceLogin: broker.deviceLogin } };
      }
      const hub = await startTestHub(hubOptions);
      entry.hub = hub;
      return { hub, device: { mqttTcpUrl: hub.mqttTcpUrl, deviceLogin: (username) => hub.deviceLogin(username) } };
    });
    for (const { hub, broker } of started.reverse()) {
      if (hub !== undefined && testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("hub output", { body: hub.output() });
      await hub?.close();
      await broker?.close();
    }
  },
});
