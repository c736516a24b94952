/// <reference lib="webworker" />
import * as v from "valibot";
import { PushPayloadSchema, type PushPayload } from "../contract/panels";

/** The icon a push notification shows (the app's own, precached). */
export const PUSH_ICON = "/icons/icon-192.png";

/** What a notification of a push carries in `data`: the in-app path it opens. */
export interface PushNotificationData {
  url: string;
}

/**
 * The notification a push message's payload becomes (contract/panels.ts PushPayloadSchema): its
 * title, and the body, tag, icon and `data.url`; `renotify` so a newer ring with the same tag still
 * sounds. A payload that does not read (none, not JSON, not the schema) becomes null: nothing is shown.
 */
export function notificationOf(
  data: { json(): unknown } | null,
): { title: string; options: NotificationOptions } | null {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    return null;
  }
  const parsed = v.safeParse(PushPayloadSchema, raw);
  if (!parsed.success) return null;
  const payload: PushPayload = parsed.output;
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      data: { url: payload.url } satisfies PushNotificationData,
      // Not in TypeScript's NotificationOptions yet; Chromium reads both.
      ...({ renotify: true, timestamp: payload.at } as object),
    },
  };
}

/** The same-origin URL a clicked notification opens: its `data.url` when it is an in-app path, else the app's root. */
export function targetOf(data: unknown, origin: string): string {
  const url = typeof data === "object" && data !== null ? (data as Partial<PushNotificationData>).url : undefined;
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return `${origin}/`;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : `${origin}/`;
}

/**
 * The service worker's Web Push handlers: `push` shows the payload's notification (title, body,
 * tag, icon, `data.url`); `notificationclick` closes it, then focuses an open window of the app and
 * navigates it to `data.url`, or opens a new window there.
 */
export function registerPushHandlers(self: ServiceWorkerGlobalScope): void {
  self.addEventListener("push", (event) => {
    const notification = notificationOf(event.data);
    if (notification) event.waitUntil(self.registration.showNotification(notification.title, notification.options));
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const target = targetOf(event.notification.data, self.location.origin);
    const opened = (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const client = windows.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      if (!client) {
        await self.clients.openWindow(target);
        return;
      }
      // Focus needs the click's user activation; without it (a platform that refuses) the window still navigates.
      const focused = await client.focus().catch(() => client);
      await focused.navigate(target).catch(() => null);
    })();
    try {
      event.waitUntil(opened);
    } catch {
      // An event dispatched by script is not trusted and cannot extend the worker's life; the work runs anyway.
    }
  });
}
