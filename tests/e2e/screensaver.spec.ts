import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { DEMO, expect, loginThroughUi, test } from "./support/fixtures";
import { publishDevice } from "./support/mqtt";

// A wall panel's screensaver end to end ("Locked-down"): short stages
// through the panel's `screensaver.test` (2 s to the clock, 3 s to dim, 4 s to black), Fully Kiosk's
// JavaScript Interface as a stub recording its calls (the device end of Fully's screen), the doorbell
// pressed from the device end (zigbee2mqtt/dzwonek_brama, as tests/e2e/doorbell.spec.ts).

const SHORT = { enabled: true, day: { screensaverAfterS: 2, dimAfterS: 3, blackAfterS: 4 }, dimBrightness: 0.3 };
const PRESS = { action: "single", battery: 97, linkquality: 132 };

/** A stand-in for `window.fully` recording each call in `window.__fullyCalls`. */
async function installFullyStub(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    let brightness = 200;
    Object.assign(window, {
      __fullyCalls: calls,
      fully: {
        turnScreenOn: () => calls.push("turnScreenOn"),
        turnScreenOff: (keepAlive?: boolean) => calls.push(`turnScreenOff(${String(keepAlive)})`),
        isScreenOn: () => true,
        setScreenBrightness: (value: number) => {
          brightness = value;
          calls.push(`setScreenBrightness(${value})`);
        },
        getScreenBrightness: () => brightness,
        bind: (event: string) => calls.push(`bind(${event})`),
      },
    });
  });
}

/** Records each screen state the page shows (the screensaver's `data-state`, `awake` without it) in `window.__screenStates`. */
async function recordScreenStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const states: string[] = ["awake"];
    Object.assign(window, { __screenStates: states });
    const record = () => {
      const state = document.querySelector<HTMLElement>("[data-testid=screensaver]")?.dataset.state ?? "awake";
      if (states.at(-1) !== state) states.push(state);
    };
    document.addEventListener("DOMContentLoaded", () =>
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true }),
    );
  });
}

const screenStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __screenStates: string[] }).__screenStates.splice(0));

const fullyCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fullyCalls: string[] }).__fullyCalls);

test.describe("screensaver", () => {
  test("idle -> clock -> dim -> black (Fully's screen follows); the first touch only wakes; the doorbell and a dialog pause it", async ({
    page,
    hub,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript((saver) => localStorage.setItem("screensaver.test", saver), JSON.stringify(SHORT));
    await installFullyStub(page);
    await recordScreenStates(page);
    await loginThroughUi(page);
    await expect(page.getByTestId("live-spinner")).toBeHidden({ timeout: 15_000 });
    const saver = page.getByTestId("screensaver");

    await expect(saver).toHaveAttribute("data-state", "screensaver", { timeout: 5_000 });
    await expect(saver.getByText(/^\d{1,2}:\d{2}$/)).toBeVisible();
    await expect(saver).toHaveAttribute("data-state", "black", { timeout: 5_000 });
    expect(await screenStates(page)).toEqual(["awake", "screensaver", "dim", "black"]);
    expect(await fullyCalls(page)).toEqual(["bind(onMotion)", "setScreenBrightness(77)", "turnScreenOff(true)"]);

    // The first touch lands on 'Pogoda' in the top bar: it wakes the screen and presses nothing.
    const weather = page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Pogoda" });
    const box = await weather.boundingBox();
    if (box === null) throw new Error("the top bar's 'Pogoda' has no box");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(saver).toBeHidden();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    expect((await fullyCalls(page)).slice(-2)).toEqual(["turnScreenOn", "setScreenBrightness(200)"]);

    // The doorbell wakes it and keeps it awake while its popup is open (longer than the 4 s to black).
    await expect(saver).toHaveAttribute("data-state", "screensaver", { timeout: 5_000 });
    await expectNoA11yViolations(page, "screensaver");
    await publishDevice(hub, "zigbee2mqtt/dzwonek_brama", PRESS);
    const popup = page.getByRole("dialog", { name: "Ktoś dzwoni przy bramce." });
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await expect(saver).toBeHidden();
    await page.waitForTimeout(4_500);
    await expect(saver).toBeHidden();
    await popup.getByRole("button", { name: "Zamknij" }).click();
    await expect(popup).toBeHidden();
    await expect(saver).toHaveAttribute("data-state", "screensaver", { timeout: 5_000 });

    // A dialog (the menu's logout confirmation) pauses it as well.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2); // wakes only
    await page
      .getByRole("navigation", { name: "Pasek główny" })
      .getByRole("link", { name: "Menu", exact: true })
      .click();
    await expect(page.getByRole("button", { name: "Wyloguj", exact: true })).toBeVisible();
    // The menu may take longer to load than the 2 s to the clock: a touch wakes it first.
    if ((await saver.count()) > 0) await page.mouse.click(5, 300);
    await expect(saver).toBeHidden();
    await page.getByRole("button", { name: "Wyloguj", exact: true }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toBeVisible();
    await page.waitForTimeout(4_500);
    await expect(saver).toBeHidden();
    await confirm.getByRole("button", { name: "Anuluj" }).click();
    await expect(saver).toHaveAttribute("data-state", "screensaver", { timeout: 5_000 });
  });

  test("locked-down: the menu needs the PIN (five taps in the top-left corner or 'Odblokuj PIN-em'); home and the car dashboard work", async ({
    page,
  }) => {
    test.setTimeout(30_000);
    // The profile is the hub's (PATCH /panels/{id}, as another panel's menu sends it): this browser is
    // panel `panelId` from its first login.
    const panelId = "p-locked-down-e2e";
    await page.addInitScript((id) => localStorage.setItem("panel.id", id), panelId);
    await loginThroughUi(page);
    await expect
      .poll(async () => ((await (await page.request.get("/api/v2/panels")).text()).includes(panelId) ? "yes" : "no"))
      .toBe("yes");
    const patched = await page.request.patch(`/api/v2/panels/${panelId}`, { data: { profile: { lockedDown: true } } });
    expect(patched.status(), await patched.text()).toBe(200);
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    await bar.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Panel zablokowany" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Zablokuj sesję" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Odblokuj PIN-em" })).toBeVisible();
    await page.goto("/car-dashboard");
    await expect(page.getByRole("heading", { name: "Panel zablokowany" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();

    // The admin's escape hatch: five taps in the top-left corner of home, then the session's PIN.
    await page.goto("/");
    await expect(bar).toBeVisible();
    for (let i = 0; i < 5; i++) await page.mouse.click(4, 4);
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await page.getByText("Dotknij, aby rozpocząć.").click();
    for (const digit of DEMO.pin) await page.getByRole("button", { name: digit, exact: true }).click();
    await page.getByRole("button", { name: "Odblokuj", exact: true }).click();
    await bar.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("button", { name: "Zablokuj sesję" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Panel zablokowany" })).toHaveCount(0);
  });
});
