import type { Page } from "@playwright/test";
import * as v from "valibot";
import {
  AutomationAnswerSchema,
  AutomationsAnswerSchema,
  AutomationRunsAnswerSchema,
  automationPath,
} from "../../contract/automations";
import { PanelCommandsAnswerSchema, PanelsAnswerSchema, type PanelCommandBody } from "../../contract/panels";
import { expectNoA11yViolations } from "./support/axe";
import { closeContext, expect, loginThroughUi, test } from "./support/fixtures";
import { loadFixture, publishDevice } from "./support/mqtt";

// Panels end to end: two browser contexts are two panels of one household. Each registers at login;
// commands sent to panel A (POST /panels/commands) reach only A through the broker's per-panel rule;
// a command older than 30 s is not carried out; A's battery (navigator.getBattery stubbed in the page:
// the browser API is the device end here) reaches an automation through its report; the menu lists both.
// And as a household drives a panel: an automation made in the editor on one panel, run by the front
// door's own Zigbee2MQTT contact report, sends 'navigate' and a camera popup to the other panel only.

/** A Battery Status API stand-in the page's own code reads: level 0..1, `set(level)` fires `levelchange`. */
function stubBattery(): void {
  const battery = Object.assign(new EventTarget(), { level: 0.5, charging: false });
  Object.defineProperty(navigator, "getBattery", { value: () => Promise.resolve(battery) });
  (window as unknown as { setBattery: (level: number) => void }).setBattery = (level) => {
    battery.level = level;
    battery.dispatchEvent(new Event("levelchange"));
  };
}

/** The household's panels (GET /panels with the page's session). */
async function panelsOf(page: Page) {
  const response = await page.request.get("/api/v2/panels");
  expect(response.status()).toBe(200);
  return v.parse(PanelsAnswerSchema, await response.json()).items;
}

/** Sends `command` to panel `panelId` (POST /panels/commands) from `page`'s session; answers how many it reached. */
async function send(page: Page, panelId: string, command: PanelCommandBody): Promise<number> {
  const response = await page.request.post("/api/v2/panels/commands", {
    data: { target: { to: "panel", panelId }, command },
  });
  expect(response.status()).toBe(202);
  return v.parse(PanelCommandsAnswerSchema, await response.json()).item.sent;
}

test("two panels: commands reach only their panel, a stale one is ignored, a battery report runs an automation, the menu lists both; axe", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(stubBattery);
  await loginThroughUi(page, { sessionName: "Tablet w kuchni" });
  const other = await browser.newContext({ baseURL, serviceWorkers: "block" });
  try {
    const phone = await other.newPage();
    await loginThroughUi(phone, { sessionName: "Telefon Ani" });

    // Both registered, each named after its session; A has reported its battery.
    let a = "";
    let b = "";
    await expect
      .poll(async () => {
        const items = await panelsOf(page);
        a = items.find((item) => item.name === "Tablet w kuchni" && item.report?.battery?.level === 50)?.id ?? "";
        b = items.find((item) => item.name === "Telefon Ani" && item.report !== null)?.id ?? "";
        return a !== "" && b !== "";
      })
      .toBe(true);

    // 'navigate' and a camera popup to A: A goes there and shows the camera; B stays as it was.
    expect(await send(phone, a, { type: "navigate", to: "/weather" })).toBe(1);
    await expect(page).toHaveURL(/\/weather$/);
    expect(await send(phone, a, { type: "camera", cameraId: "brama", seconds: 5 })).toBe(1);
    const popup = page.getByTestId("camera-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText(/Brama/i);
    await expect(phone).toHaveURL(/\/$/);
    await expect(phone.getByTestId("camera-popup")).toHaveCount(0);
    await expect(popup).toHaveCount(0, { timeout: 8_000 }); // closes by itself after its 5 s

    // A's clock jumps a minute ahead (a tablet waking from sleep): a command stamped now is 60 s old
    // by its hub-corrected clock and is not carried out.
    await page.clock.setSystemTime(Date.now() + 60_000);
    expect(await send(phone, a, { type: "navigate", to: "/switches" })).toBe(1);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/weather$/);
    await page.clock.setSystemTime(Date.now());

    // A's battery falls below 20 %: its report runs the automation, whose notice every dashboard shows.
    const created = await phone.request.post("/api/v2/automation", {
      data: {
        name: "Tablet się rozładowuje",
        trigger: { type: "panel", panelId: a, field: "battery", below: 20 },
        actions: [{ kind: "notify", message: "Podłącz ładowarkę tabletu" }],
      },
    });
    expect(created.status()).toBe(200);
    v.parse(AutomationAnswerSchema, await created.json());
    await page.evaluate(() => (window as unknown as { setBattery: (level: number) => void }).setBattery(0.15));
    await expect(page.getByText("Tablet się rozładowuje: Podłącz ładowarkę tabletu")).toBeVisible();
    await expect
      .poll(async () => (await panelsOf(phone)).find((item) => item.id === a)?.report?.battery?.level)
      .toBe(15);

    // The menu on B lists both panels, A with its screen and battery; axe on it.
    await phone.goto("/menu");
    await phone.getByText("Panele domu", { exact: true }).click();
    const list = phone.getByTestId("panels-list");
    await expect(list.getByTestId(`panel-${a}`)).toContainText("Tablet w kuchni");
    await expect(list.getByTestId(`panel-${a}`)).toContainText("bateria 15 %");
    await expect(list.getByTestId(`panel-${a}`)).toContainText("ekran /weather");
    await expect(list.getByTestId(`panel-${b}`)).toContainText("Telefon Ani (ten panel)");
    await expect(phone.getByLabel("Nazwa panelu")).toHaveValue("Telefon Ani");
    await expectNoA11yViolations(phone, "menu with the panels");
  } finally {
    await closeContext(other);
  }
});

test("an automation made in B's editor, run by the front door's Zigbee2MQTT contact report, navigates A and shows it a camera; B does not react; the run is ok; axe on the editor", async ({
  page,
  browser,
  baseURL,
  hub,
}) => {
  test.setTimeout(45_000);
  await loginThroughUi(page, { sessionName: "Tablet w przedpokoju" });
  const other = await browser.newContext({ baseURL, serviceWorkers: "block" });
  try {
    const phone = await other.newPage();
    await loginThroughUi(phone, { sessionName: "Telefon Piotra" });
    let a = "";
    await expect
      .poll(async () => {
        const items = await panelsOf(phone);
        a = items.find((item) => item.name === "Tablet w przedpokoju")?.id ?? "";
        return a !== "" && items.some((item) => item.name === "Telefon Piotra");
      })
      .toBe(true);

    // On B, the household makes it in the editor: when the front door opens, A goes to the weather
    // screen and shows the gate's camera for 5 s.
    await phone.goto("/menu");
    await phone.getByRole("link", { name: "Automatyzacje" }).click();
    await phone.getByRole("button", { name: "Dodaj automatyzację" }).click();
    const editor = phone.getByRole("form", { name: "Nowa automatyzacja" });
    await editor.getByLabel("Nazwa").fill("Drzwi otwarte: brama na tablecie");
    await editor.getByLabel("Rodzaj wyzwalacza").selectOption({ label: "Otwarcie lub zamknięcie drzwi" });
    const trigger = editor.getByRole("group", { name: "Wyzwalacz" });
    await trigger.getByLabel("Czujnik drzwi").selectOption({ label: "Drzwi wejściowe (drzwi)" });
    await trigger.getByLabel("Nowy stan").selectOption({ label: "otwarte" });
    const actions = editor.getByRole("group", { name: "Akcje" });
    await actions.getByLabel("Rodzaj akcji 1").selectOption({ label: "Polecenie dla panelu" });
    await editor.getByRole("button", { name: "Dodaj akcję" }).click();
    await actions.getByLabel("Rodzaj akcji 2").selectOption({ label: "Polecenie dla panelu" });
    const [first, second] = [actions.getByRole("listitem").nth(0), actions.getByRole("listitem").nth(1)];
    for (const action of [first, second]) {
      await action.getByLabel("Do kogo").selectOption({ label: "Jeden panel" });
      await action.getByLabel("Panel", { exact: true }).selectOption({ label: "Tablet w przedpokoju" });
    }
    await first.getByLabel("Polecenie").selectOption({ label: "Przejdź do ekranu" });
    await first.getByLabel("Ekran (ścieżka, np. /cameras)").fill("/weather");
    await second.getByLabel("Polecenie").selectOption({ label: "Pokaż kamerę" });
    await second.getByLabel("Kamera", { exact: true }).selectOption({ label: "Brama wjazdowa" });
    await second.getByLabel("Na ile sekund (5–600)").fill("5");
    await expectNoA11yViolations(phone, "automation editor with two panel commands");
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(editor).toHaveCount(0);
    const created = phone
      .getByTestId("automation")
      .filter({ has: phone.getByRole("heading", { name: "Drzwi otwarte: brama na tablecie", exact: true }) });
    await expect(created).toContainText("Gdy Drzwi wejściowe: otwarcie");
    await expect(created).toContainText("Tablet w przedpokoju: przejdź do /weather");
    await expect(created).toContainText("Jeszcze nie uruchomiona");

    // The door sensor reports itself, as the household's gateway publishes it: closed, then open
    // (a real Aqara contact sensor's payload; Zigbee2MQTT's `contact: false` is open).
    const contact = loadFixture("zigbee2mqtt/state_contact_sensor.json").payload as Record<string, unknown>;
    await publishDevice(hub, "zigbee2mqtt/drzwi_wejsciowe", { ...contact, contact: true });
    await publishDevice(hub, "zigbee2mqtt/drzwi_wejsciowe", contact);

    // A goes to the weather screen and shows the gate's camera, which closes by itself; B stays.
    await expect(page).toHaveURL(/\/weather$/);
    const popup = page.getByTestId("camera-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText(/Brama wjazdowa/);
    await expect(phone).toHaveURL(/\/automations$/);
    await expect(phone.getByTestId("camera-popup")).toHaveCount(0);
    await expect(popup).toHaveCount(0, { timeout: 8_000 });

    // The run, as B's list and GET /automation/{id}/runs show it: started by the door, both commands done.
    await expect(created).toContainText("Ostatnie uruchomienie (drzwi)");
    await expect(created.locator("[data-result]")).toHaveAttribute("data-result", "ok");
    const list = await phone.request.get("/api/v2/automation");
    const id = v
      .parse(AutomationsAnswerSchema, await list.json())
      .items.find((item) => item.name === "Drzwi otwarte: brama na tablecie")?.id;
    const runs = await phone.request.get(`/api/v2${automationPath(id ?? "")}/runs`);
    const [run] = v.parse(AutomationRunsAnswerSchema, await runs.json()).items;
    expect(run).toMatchObject({ cause: "door", ok: true });
    expect(run?.outcomes.map((outcome) => [outcome.kind, outcome.status])).toEqual([
      ["panel.command", "done"],
      ["panel.command", "done"],
    ]);
  } finally {
    await closeContext(other);
  }
});
