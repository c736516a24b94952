import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { overflowOf, SCREEN_SIZES } from "./support/screens";

// UI timings of spec §9 in the real dashboard in Chromium: dialogs open and close in 300 ms (none
// with reduced motion), the phone's menu drawer closes in 500 ms, spinners turn once per 400 ms,
// the PV upload's progress bar runs 0-100.

const sampleLog = fileURLToPath(new URL("../../hub/examples/pv-sample.csv", import.meta.url));
const bar = (page: Page) => page.getByRole("navigation", { name: "Pasek główny" });

/**
 * Runs `act` (a click or a key press) and measures, with the page's own clock, how long the dialog
 * `dialogSelector` stays open after that click or key press: until its `open` attribute is removed. Ms.
 */
async function msUntilClosed(page: Page, dialogSelector: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate((selector) => {
    const dialog = document.querySelector(selector);
    if (!dialog) throw new Error(`no ${selector}`);
    const times = { acted: 0, closed: 0 };
    (window as unknown as { closeTimes: typeof times }).closeTimes = times;
    const start = () => (times.acted ||= performance.now());
    document.addEventListener("click", start, { capture: true, once: true });
    document.addEventListener("keydown", start, { capture: true, once: true });
    new MutationObserver((_records, observer) => {
      if (dialog.hasAttribute("open")) return;
      times.closed = performance.now();
      observer.disconnect();
    }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  }, dialogSelector);
  await act();
  await page.waitForFunction(() => (window as unknown as { closeTimes: { closed: number } }).closeTimes.closed > 0);
  return page.evaluate(() => {
    const { acted, closed } = (window as unknown as { closeTimes: { acted: number; closed: number } }).closeTimes;
    return closed - acted;
  });
}

/**
 * Starts recording, in the page, the durations (ms) of the CSS transitions that start on elements
 * matching `selector`, read the moment each starts (a `transitionrun` event), so a loaded machine that
 * reaches the check after a 300 ms opening animation has ended still sees it.
 */
async function recordTransitions(page: Page, selector: string): Promise<void> {
  await page.evaluate((wanted) => {
    const seen: number[] = [];
    (window as unknown as { transitionsSeen: number[] }).transitionsSeen = seen;
    document.addEventListener(
      "transitionrun",
      (event) => {
        const target = event.target;
        if (!(target instanceof Element) || !target.matches(wanted)) return;
        for (const animation of target.getAnimations())
          if (animation instanceof CSSTransition) seen.push(Number(animation.effect?.getTiming().duration ?? 0));
      },
      { capture: true },
    );
  }, selector);
}

/** The durations recorded by `recordTransitions` since it was called, ms. */
function transitionsSeen(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { transitionsSeen: number[] }).transitionsSeen);
}

/** The durations, ms, of the CSS transitions running on `locator`'s element now. */
function transitionsOf(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) =>
    element
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition)
      .map((animation) => Number(animation.effect?.getTiming().duration ?? 0)),
  );
}

test.describe("UI timings (spec §9)", () => {
  test("a dialog opens and closes with a 300 ms animation, staying until it ends; none with reduced motion", async ({
    loggedInPage: page,
  }) => {
    await bar(page).getByRole("link", { name: "Menu", exact: true }).click();
    const ask = page.getByRole("button", { name: "Wyloguj", exact: true });
    const dialog = page.getByRole("dialog", { name: "Wylogować z tego urządzenia?" });

    await recordTransitions(page, "dialog.confirm-dialog");
    await ask.click();
    await expect(dialog).toBeVisible();
    await expect.poll(() => transitionsSeen(page)).toContain(300);
    await expect(dialog.getByRole("button", { name: "Anuluj" })).toBeFocused();
    await expectNoA11yViolations(page, "logout confirmation");
    const closing = await msUntilClosed(page, "dialog.confirm-dialog", () =>
      dialog.getByRole("button", { name: "Anuluj" }).click(),
    );
    expect(closing).toBeGreaterThanOrEqual(290);
    expect(closing).toBeLessThan(800);
    await expect(dialog).toBeHidden();
    await expect(ask).toBeFocused(); // focus back where it was

    // Escape closes it the same animated way.
    await ask.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveAttribute("data-closing", "");
    await expect(dialog).toBeHidden();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await ask.click();
    await expect(dialog).toBeVisible();
    expect((await transitionsOf(dialog)).filter((ms) => ms >= 1)).toEqual([]);
    const instant = await msUntilClosed(page, "dialog.confirm-dialog", () =>
      dialog.getByRole("button", { name: "Anuluj" }).click(),
    );
    expect(instant).toBeLessThan(100);
    await expect(ask).toBeFocused();
  });

  test("on a 390x844 phone the menu is a drawer: slides in, focus inside, closes in 500 ms (backdrop, Escape, button) back to the screen before; reduced motion at once", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    try {
      await loginThroughUi(page);
      await bar(page).getByRole("link", { name: "Pogoda" }).click();
      await expect(page).toHaveURL(/\/weather$/);
      const menuLink = bar(page).getByRole("link", { name: "Menu", exact: true });
      await menuLink.click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await expect(drawer).toBeVisible();
      expect(await transitionsOf(drawer)).toContain(500);
      await expect(drawer.getByRole("button", { name: "Zamknij menu" })).toBeFocused();
      await expect(drawer.getByText("Zalogowano jako demo")).toBeVisible();
      await expectNoA11yViolations(page, "menu drawer");
      expect(await overflowOf(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath("menu-drawer-390x844.png") });

      // A tap on the dimmed page beside the drawer (its backdrop) closes it in 500 ms, then back to /weather.
      const box = await drawer.boundingBox();
      expect(box && box.x + box.width).toBeLessThan(370);
      const tapMs = await msUntilClosed(page, "dialog.drawer", () => page.mouse.click(385, 420));
      expect(tapMs).toBeGreaterThanOrEqual(490);
      expect(tapMs).toBeLessThan(1_000);
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/weather$/);
      await expect(menuLink).toBeFocused(); // focus back on the bar's Menu link

      // Escape: slides out the same way (marked closing while it does).
      await menuLink.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveAttribute("data-closing", "");
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/weather$/);

      // 'Zamknij menu' on /menu opened directly: 500 ms, then home.
      await page.goto("/menu");
      await expect(drawer).toBeVisible();
      const buttonMs = await msUntilClosed(page, "dialog.drawer", () =>
        drawer.getByRole("button", { name: "Zamknij menu" }).click(),
      );
      expect(buttonMs).toBeGreaterThanOrEqual(490);
      expect(buttonMs).toBeLessThan(1_000);
      await expect(page).toHaveURL(/\/$/);

      await page.emulateMedia({ reducedMotion: "reduce" });
      await menuLink.click();
      await expect(drawer).toBeVisible();
      expect((await transitionsOf(drawer)).filter((ms) => ms >= 1)).toEqual([]);
      const instant = await msUntilClosed(page, "dialog.drawer", () =>
        drawer.getByRole("button", { name: "Zamknij menu" }).click(),
      );
      expect(instant).toBeLessThan(100);
      await expect(page).toHaveURL(/\/$/);
    } finally {
      await context.close();
    }
  });
});

test.describe("spinner and progress bar (spec §9)", () => {
  test("the live spinner turns once per 400 ms; with reduced motion it is still shown", async ({ page, household }) => {
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const spinner = page.getByTestId("live-spinner");
    await expect(spinner).toBeHidden({ timeout: 15_000 });
    await hub.stop(); // the hub and its embedded broker go away: the live connection is down
    await expect(spinner).toBeVisible({ timeout: 15_000 });
    await expect(spinner).toHaveAccessibleName("Brak połączenia na żywo");
    const ring = spinner.locator(".spinner__ring");
    const motion = () =>
      ring.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          name: style.animationName,
          duration: style.animationDuration,
          iterations: style.animationIterationCount,
        };
      });
    expect(await motion()).toEqual({ name: "spin", duration: "0.4s", iterations: "infinite" });

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(spinner).toBeVisible();
    await expect(ring).toBeVisible();
  });

  test("the PV upload's progress bar runs from 0 to 100 and is named 'Postęp wysyłania'", async ({
    page,
    household,
  }) => {
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/pv/log", async (route) => {
      await held; // the upload stays on its way while the bar is looked at
      await route.continue();
    });
    await page.goto(`${hub.baseURL}/pv`);
    await page.getByLabel("Plik z logiem (CSV)").setInputFiles(sampleLog);
    await page.getByRole("button", { name: "Wyślij" }).click();
    const progress = page.getByRole("progressbar", { name: "Postęp wysyłania" });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("max", "100");
    const value = await progress.evaluate((element) => (element as HTMLProgressElement).value);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    await expectNoA11yViolations(page, "PV upload in progress");
    release();
    await expect(page.getByTestId("pv-result-summary-rows")).toHaveText("61");
    await expect(progress).toHaveCount(0);
  });
});

test.describe("the drawer and a dialog at the four sizes (STYLE.md)", () => {
  test("nothing overflows: the menu (a drawer on the phone) and the logout confirmation", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    for (const size of SCREEN_SIZES) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.name.startsWith("phone"),
        locale: "pl-PL",
        timezoneId: "Europe/Warsaw",
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      try {
        await loginThroughUi(page);
        if (size.car) {
          expect(
            (
              await page.request.patch("/api/auth/v1/preferences", { data: { preferences: { appUi: "car" } } })
            ).status(),
          ).toBe(200);
          await page.reload();
          await expect(bar(page)).toHaveAttribute("data-layout", "car");
        }
        await bar(page).getByRole("link", { name: "Menu", exact: true }).click();
        const phone = size.width < 600;
        await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(phone ? 1 : 0);
        await expect(page.getByText("Zalogowano jako demo")).toBeVisible();
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a instanceof CSSTransition)
              .map((a) => a.finished.catch(() => undefined)),
          ),
        );
        expect(await overflowOf(page), `overflow on the menu at ${size.name}`).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`menu-${size.name}.png`) });

        await page.getByRole("button", { name: "Wyloguj", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Wylogować z tego urządzenia?" });
        await expect(dialog).toBeVisible();
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a instanceof CSSTransition)
              .map((a) => a.finished.catch(() => undefined)),
          ),
        );
        expect(await overflowOf(page), `overflow on the logout confirmation at ${size.name}`).toEqual([]);
        await expect(dialog.getByRole("button", { name: "Wyloguj" })).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: test.info().outputPath(`confirm-${size.name}.png`) });
      } finally {
        if (size.car)
          await page.request
            .patch("/api/auth/v1/preferences", { data: { preferences: { appUi: "standard" } } })
            .catch(() => undefined);
        await context.close();
      }
    }
  });
});
