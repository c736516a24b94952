import type { Page } from "@playwright/test";
import { expect, loginThroughUi, test } from "./support/fixtures";

// Web Push in Chromium: the menu's 'Powiadomienia push' and the service worker's push and
// notificationclick handlers. Headless Chromium cannot subscribe (no push service), so the menu's
// subscribe shows the Polish refusal, and a push as the hub sends it is delivered to the service
// worker through CDP (ServiceWorker.deliverPushMessage, as DevTools' "Push" button does); the hub's
// encrypted delivery to a push service is covered by hub/push/push.test.ts. The second test gives the
// page a push service (PushManager's subscribe answering a subscription of the real shape): subscribing
// from the menu stores the panel's subscription at the hub, and turning it off removes it.

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

/**
 * A push service for this page: PushManager's subscribe and getSubscription answer a subscription as a
 * browser's push service makes one (an https endpoint and the P-256 and auth keys, the shape RFC 8291
 * needs), kept in localStorage across reloads. Headless Chromium has no push service of its own.
 */
function standInPushService(): void {
  const KEY = "e2e.pushSubscription";
  type Stored = { endpoint: string; serverKey: number[] };
  const make = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.serverKey).buffer },
    getKey: () => null,
    toJSON: () => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      keys: {
        p256dh: "BOr5TXWiGqyfjBxA9PAZoAv3yo0BS71SMAQwcqNGMzAZxTGmgXt6g5x6CSUdmsOjYYAjTqfK0sUcgKjdJhyjKq8",
        auth: "Ry3Y7JRi2I0vmYGuY7AOvQ",
      },
    }),
    unsubscribe: () => {
      localStorage.removeItem(KEY);
      return Promise.resolve(true);
    },
  });
  const read = (): Stored | null => {
    const text = localStorage.getItem(KEY);
    return text === null ? null : (JSON.parse(text) as Stored);
  };
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array).buffer);
    const stored = { endpoint: "https://fcm.googleapis.com/fcm/send/e2e-panel", serverKey: [...bytes] };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return Promise.resolve(make(stored) as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function () {
    const stored = read();
    return Promise.resolve(stored === null ? null : (make(stored) as unknown as PushSubscription));
  };
}

test("with a push service, 'Włącz powiadomienia' subscribes this panel at the hub with the events chosen; it stays on after a reload and 'Wyłącz' removes it", async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(["notifications"], { origin: baseURL });
  await page.addInitScript(standInPushService);
  await page.goto("/");
  await waitForServiceWorker(page);
  await loginThroughUi(page, { sessionName: "Telefon Ani" });

  await page.goto("/menu");
  const section = page.getByRole("region", { name: "Powiadomienia push" });
  await expect(section.getByTestId("push-status")).toHaveText("Wyłączone na tym panelu.");
  await section.getByRole("checkbox", { name: "Dym" }).uncheck();
  await section.getByRole("button", { name: "Włącz powiadomienia" }).click();
  await expect(section.getByTestId("push-status")).toHaveText("Włączone na tym panelu.");
  await expect(section.getByTestId("push-problem")).toHaveCount(0);

  // The hub holds this panel's subscription with the events chosen (GET /panels/{id}/push, the panel's session).
  const panelId = await page.evaluate(() => localStorage.getItem("panel.id"));
  const held = async () => {
    const response = await page.request.get(`/api/v2/panels/${panelId ?? ""}/push`);
    return { status: response.status(), body: (await response.json()) as unknown };
  };
  await expect
    .poll(held)
    .toEqual({ status: 200, body: { item: { categories: ["doorbell", "gate", "garage", "leak"] } } });

  await page.reload();
  await expect(section.getByTestId("push-status")).toHaveText("Włączone na tym panelu.");
  await expect(section.getByRole("checkbox", { name: "Dym" })).not.toBeChecked();
  await expect(section.getByRole("checkbox", { name: "Dzwonek" })).toBeChecked();

  await section.getByRole("button", { name: "Wyłącz powiadomienia" }).click();
  await expect(section.getByTestId("push-status")).toHaveText("Wyłączone na tym panelu.");
  await expect.poll(held).toEqual({ status: 200, body: { item: null } });
  expect(await page.evaluate(() => localStorage.getItem("e2e.pushSubscription"))).toBeNull();
});
