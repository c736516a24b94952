import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { overflowOf, SCREEN_SIZES } from "./support/screens";

// The household's calendars (docs/contract.md "Calendars"), from the calendar application's end: a
// local server serves Google Calendar's real export (tests/fixtures/ics/google-recurrence-order.ics:
// a daily series in America/Denver with one occurrence moved by a RECURRENCE-ID override), its dates
// moved to start tomorrow -> the menu's 'Kalendarze' adds it -> the hub fetches and expands it ->
// calendar/events -> home lists the events with the calendar's colour. Then the server fails: the
// menu shows why in Polish and home keeps the events.

const EXPORT = readFileSync(new URL("../fixtures/ics/google-recurrence-order.ics", import.meta.url), "utf8");

/** `text` with every date-time moved by `days` days (the export's structure unchanged). */
function shifted(text: string, days: number): string {
  return text.replace(/\b(\d{4})(\d{2})(\d{2})T/g, (_match, year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + days));
    return `${date.toISOString().slice(0, 10).replaceAll("-", "")}T`;
  });
}

test("a Google calendar added in the menu shows on home in its colour; when its server fails the menu says why and home keeps the events", async ({
  page,
  household,
}) => {
  test.setTimeout(60_000);
  const today = new Date();
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const body = shifted(EXPORT, Math.round((tomorrow - Date.UTC(2026, 1, 10)) / 86_400_000));
  let failing = false;
  const server = createServer((request, response: ServerResponse) => {
    if (failing) return void response.writeHead(503).end();
    if (request.headers["if-none-match"] === '"e1"') return void response.writeHead(304).end();
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag: '"e1"' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/rodzina%40gmail.com/private-5ecret/basic.ics`;
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/menu`);
    const section = page.getByTestId("menu-calendars");
    await section.getByRole("heading", { name: "Kalendarze" }).click();
    await expect(section.getByText("Brak kalendarzy. Dodaj pierwszy poniżej.")).toBeVisible();

    // The form refuses what it cannot fetch, in Polish.
    await section.getByRole("button", { name: "Dodaj kalendarz" }).click();
    await expect(section.getByText("Podaj nazwę kalendarza.")).toBeVisible();
    await section.getByLabel("Adres ICS").fill("ftp://example.com/a.ics");
    await section.getByRole("button", { name: "Dodaj kalendarz" }).click();
    await expect(section.getByText("Podaj adres zaczynający się od https:// lub http://.")).toBeVisible();
    await expectNoA11yViolations(page, "the menu's calendar form");

    await section.getByLabel("Nazwa").fill("Rodzina");
    await section.getByLabel("Adres ICS").fill(url);
    await section.getByLabel("Kolor #2196f3").check();
    await section.getByRole("button", { name: "Dodaj kalendarz" }).click();
    const item = section.getByTestId("calendar-item");
    await expect(item).toContainText("Rodzina");
    await expect(item).toContainText("wydarzeń w najbliższych 14 dniach: 3");
    await expect(item).not.toContainText("5ecret");
    await expectNoA11yViolations(page, "the menu's calendars");

    await page.goto(`${hub.baseURL}/`);
    const calendar = page.getByTestId("calendar");
    await expect(calendar).toContainText("TEST RECURR 3 - MODIFIED");
    await expect(calendar.locator(".calendar__event")).toHaveCount(3);
    await expect(calendar.locator(".calendar__dot").first()).toHaveCSS("background-color", "rgb(33, 150, 243)");
    for (const size of SCREEN_SIZES.filter((s) => s.width === 390 || s.width === 1024)) {
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(await overflowOf(page), `home at ${size.name}`).toEqual([]);
    }

    failing = true;
    await page.goto(`${hub.baseURL}/menu`);
    await section.getByRole("heading", { name: "Kalendarze" }).click();
    await section.getByRole("button", { name: "Pobierz teraz" }).click();
    await expect(section.getByTestId("calendar-error")).toContainText(
      "Serwer kalendarza odpowiedział błędem HTTP 503.",
    );
    await expect(item).toContainText("pokazujemy wydarzenia z ostatniego udanego pobrania");
    for (const size of SCREEN_SIZES.filter((s) => s.width === 390 || s.width === 1024)) {
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(await overflowOf(page), `menu at ${size.name}`).toEqual([]);
    }
    await page.goto(`${hub.baseURL}/`);
    await expect(calendar).toContainText("TEST RECURR 3 - MODIFIED");
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
