import type { Page } from "@playwright/test";
import { expect, loginThroughUi, test } from "./support/fixtures";

// Web Push in Chromium: the menu's 'Powiadomienia push' and the service worker's push and
// notificationclick handlers. Headless Chromium cannot subscribe (no push service), so the menu's
// subscribe shows the Polish refusal, and a push as the hub sends it is delivered to the service
// worker through CDP (ServiceWorker.deliverPushMessage, as DevTools' "Push" button does); the hub's
// encrypted delivery to a push service is covered by hub/push/push.test.ts.

test.use({ serviceWorkers: "allow" });

const PAYLOAD = {
  category: "doorbell",
  title: "Dzwonek",
  body: "Ktoś dzwoni przy bramce.",
  url: "/cameras/live?id=zoom",
  tag: "doorbell",
  at: 1_790_000_000_000,
};

/** Waits until the service worker controls the page (clientsClaim on first install). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

test("the menu says in Polish why this browser cannot subscribe; a push shows the notification and a tap opens the camera view", async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(["notifications"], { origin: baseURL });
  await page.goto("/");
  await waitForServiceWorker(page);
  await loginThroughUi(page);

  await page.goto("/menu");
  const section = page.getByRole("region", { name: "Powiadomienia push" });
  await expect(section.getByTestId("push-status")).toHaveText("Wyłączone na tym panelu.");
  for (const name of ["Dzwonek", "Brama", "Garaż", "Zalanie", "Dym"])
    await expect(section.getByRole("checkbox", { name })).toBeChecked();
  await section.getByRole("checkbox", { name: "Dym" }).uncheck();
  await section.getByRole("button", { name: "Włącz powiadomienia" }).click();
  // Headless Chromium has no push service: with notifications granted, pushManager.subscribe rejects
  // with "AbortError: Registration failed - permission denied" (Chromium 150, 2026-11-27).
  await expect(section.getByTestId("push-problem")).toHaveText(
    "Przeglądarka nie mogła się zapisać w swojej usłudze powiadomień. Spróbuj ponownie później.",
  );
  await expect(section.getByTestId("push-status")).toHaveText("Wyłączone na tym panelu.");

  // A push as the hub sends it, delivered to the service worker.
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(baseURL ?? ""));
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: await registrationId,
    data: JSON.stringify(PAYLOAD),
  });
  const shown = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([
      { title: "Dzwonek", body: "Ktoś dzwoni przy bramce.", tag: "doorbell", data: { url: "/cameras/live?id=zoom" } },
    ]);

  // The tap: the notification's click event in the service worker (no notification UI in headless Chromium).
  const worker = page.context().serviceWorkers()[0];
  if (!worker) throw new Error("no service worker");
  await worker.evaluate(async () => {
    // The worker's globals, typed here (this file is checked without the WebWorker library).
    const scope = globalThis as unknown as EventTarget & {
      registration: { getNotifications(): Promise<Notification[]> };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error("no notification to click");
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
  });
  await expect(page).toHaveURL(/\/cameras\/live\?id=zoom$/);
  await expect.poll(shown).toEqual([]);
});
