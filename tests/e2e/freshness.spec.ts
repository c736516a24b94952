import type { Page } from "@playwright/test";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";

// Live data that never lies: the demo as a household runs it (the hub's simulator
// publishing the devices' native Tasmota and Zigbee2MQTT payloads through the bridge and the
// embedded broker) stays fresh past the 1-minute outdated threshold (spec §9), and a hub that goes
// away under an open page shows the offline notice within seconds, with the last update's time.

/** Every reading's freshness on the home screen, as `{ "<data-testid>": "<data-freshness>" }`. */
async function freshnessOfAll(page: Page): Promise<Record<string, string>> {
  return page
    .locator("[data-freshness]")
    .evaluateAll((elements) =>
      Object.fromEntries(
        elements.map((element, i) => [
          element.getAttribute("data-testid") ?? `#${i} ${element.getAttribute("aria-label") ?? ""}`,
          element.getAttribute("data-freshness") ?? "",
        ]),
      ),
    );
}

test.describe("live freshness with the demo's simulator", () => {
  let ownHub: TestHub | undefined;
  test.afterEach(async () => {
    await ownHub?.close();
    ownHub = undefined;
  });

  test("left open for longer than the outdated threshold, every tile stays fresh", async ({ page }) => {
    test.setTimeout(180_000);
    ownHub = await startTestHub({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "3000" } });
    await loginThroughUi(page, { baseURL: ownHub.baseURL });
    const sensors = (await (await page.request.get(`${ownHub.baseURL}/api/v2/config/sensors`)).json()) as {
      items: unknown[];
    };
    await expect.poll(async () => Object.keys(await freshnessOfAll(page)).length).toBeGreaterThan(0);
    // Every device family's first report is in: the same tiles one simulator tick apart, all fresh.
    let first: Record<string, string> = {};
    await expect
      .poll(
        async () => {
          const before = Object.keys(await freshnessOfAll(page));
          await page.waitForTimeout(3_500);
          first = await freshnessOfAll(page);
          return {
            stable: JSON.stringify(Object.keys(first)) === JSON.stringify(before),
            notFresh: Object.entries(first).filter(([, freshness]) => freshness !== "fresh"),
          };
        },
        { timeout: 40_000 },
      )
      .toEqual({ stable: true, notFresh: [] });

    await page.waitForTimeout(75_000); // past the 1-minute outdated threshold (spec §9)

    const after = await freshnessOfAll(page);
    expect(Object.keys(after)).toEqual(Object.keys(first));
    expect(Object.keys(after).length, "readings on screen").toBeGreaterThanOrEqual(Math.min(sensors.items.length, 1));
    expect(Object.entries(after).filter(([, freshness]) => freshness !== "fresh")).toEqual([]);
    await expect(page.getByText("Nieaktualne")).toHaveCount(0);
    await expect(page.getByText("Przestarzałe")).toHaveCount(0);
    await expect(page.getByTestId("live-spinner")).toHaveCount(0);
  });

  test("the hub going away under an open page shows the offline notice within seconds, and it goes when live again", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    ownHub = await startTestHub({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "2000" } });
    const hub = ownHub;
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect.poll(async () => Object.values(await freshnessOfAll(page)).includes("fresh")).toBe(true);
    const notice = page.getByTestId("offline-notice");
    await expect(notice).toHaveCount(0);

    const stoppedAt = Date.now();
    await hub.stop();
    await expect(notice).toHaveText("Brak połączenia z serwerem — dane mogą być nieaktualne", { timeout: 8_000 });
    const shownAfterMs = Date.now() - stoppedAt;
    expect(shownAfterMs, "notice shown within seconds").toBeLessThan(8_000);
    await expect(page.getByTestId("offline-last-update")).toContainText("Ostatnia aktualizacja:");
    await expect(page.getByTestId("offline-last-update").locator("time")).toHaveText(/^\d{1,2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId("live-spinner")).toBeVisible();

    await hub.start();
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("live-spinner")).toHaveCount(0, { timeout: 10_000 });
  });
});
