import { describe, expect, it } from "vitest";
import { base64UrlBytes, pushProblem, PushProblemError, subscribeBrowser, type PushBrowser } from "./browser";

const KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const SUBSCRIPTION = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  expirationTime: null,
  keys: {
    p256dh: "BOr5TXWiGqyfjBxA9PAZoAv3yo0BS71SMAQwcqNGMzAZxTGmgXt6g5x6CSUdmsOjYYAjTqfK0sUcgKjdJhyjKq8",
    auth: "Ry3Y7JRi2I0vmYGuY7AOvQ",
  },
};

/** A browser with the Push API whose push service answers `subscribe` with `result` (the test's stand-in for Chromium's). */
function browserWith(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribe?: () => Promise<unknown>;
}): PushBrowser & { subscribed: unknown[] } {
  const subscribed: unknown[] = [];
  const pushManager = {
    getSubscription: async () => null,
    subscribe: async (subscribeOptions: unknown) => {
      subscribed.push(subscribeOptions);
      if (options.subscribe) await options.subscribe();
      return { toJSON: () => SUBSCRIPTION };
    },
  };
  return {
    isSecureContext: true,
    hasPushManager: true,
    serviceWorker: { ready: Promise.resolve({ pushManager }) } as unknown as ServiceWorkerContainer,
    notification: {
      permission: options.permission ?? "default",
      requestPermission: async () => options.answer ?? "granted",
    },
    subscribed,
  };
}

describe("subscribing this browser to push", () => {
  it("says why it cannot: insecure origin first, then a browser without Push, then a denied permission", () => {
    expect(pushProblem({ ...browserWith({}), isSecureContext: false })).toBe("insecure");
    expect(pushProblem({ ...browserWith({}), hasPushManager: false })).toBe("unsupported");
    expect(pushProblem({ ...browserWith({}), serviceWorker: undefined })).toBe("unsupported");
    expect(pushProblem(browserWith({ permission: "denied" }))).toBe("denied");
    expect(pushProblem(browserWith({}))).toBeNull();
  });

  it("asks the permission and subscribes user-visibly with the hub's VAPID key", async () => {
    const browser = browserWith({});
    expect(await subscribeBrowser(KEY, browser)).toEqual(SUBSCRIPTION);
    const options = browser.subscribed[0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...base64UrlBytes(KEY)]);
    expect(options.applicationServerKey.length).toBe(65);
  });

  it("refuses with the problem when the permission is not given or the push service fails", async () => {
    await expect(subscribeBrowser(KEY, browserWith({ answer: "denied" }))).rejects.toEqual(
      new PushProblemError("denied"),
    );
    await expect(subscribeBrowser(KEY, browserWith({ answer: "default" }))).rejects.toEqual(
      new PushProblemError("denied"),
    );
    const failing = browserWith({
      subscribe: () => Promise.reject(new DOMException("push service not available", "AbortError")),
    });
    await expect(subscribeBrowser(KEY, failing)).rejects.toEqual(new PushProblemError("subscribeFailed"));
  });
});
