import * as v from "valibot";
import { PushSubscriptionSchema, type PanelPushBody } from "../../../contract/panels";

/** Why this browser cannot be subscribed: an insecure origin, no Push API, no permission, or the browser's push service refused. */
export type PushProblem = "insecure" | "unsupported" | "denied" | "subscribeFailed";

/** A refusal of {@link subscribeBrowser} with its {@link PushProblem}. */
export class PushProblemError extends Error {
  constructor(readonly problem: PushProblem) {
    super(`push: ${problem}`);
    this.name = "PushProblemError";
  }
}

/** What {@link subscribeBrowser} uses of the browser (globals by default; tests pass their own). */
export interface PushBrowser {
  isSecureContext: boolean;
  serviceWorker: ServiceWorkerContainer | undefined;
  hasPushManager: boolean;
  notification: Pick<typeof Notification, "permission" | "requestPermission"> | undefined;
}

/** This page's {@link PushBrowser}. */
export function pushBrowser(): PushBrowser {
  return {
    isSecureContext: globalThis.isSecureContext === true,
    serviceWorker:
      typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: "PushManager" in globalThis,
    notification: "Notification" in globalThis ? Notification : undefined,
  };
}

/** Why push cannot work here at all (before asking anything), or null. */
export function pushProblem(browser: PushBrowser = pushBrowser()): PushProblem | null {
  if (!browser.isSecureContext) return "insecure";
  if (!browser.serviceWorker || !browser.hasPushManager || !browser.notification) return "unsupported";
  if (browser.notification.permission === "denied") return "denied";
  return null;
}

/** A base64url string as bytes (the VAPID key for `applicationServerKey`). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser with the hub's VAPID key `publicKey`: asks for the notification
 * permission, then `pushManager.subscribe` (userVisibleOnly) on the service worker's registration;
 * an existing subscription made with another key is replaced. Answers the subscription as the hub
 * takes it (contract/panels.ts PushSubscriptionSchema).
 * @throws PushProblemError insecure | unsupported | denied | subscribeFailed
 */
export async function subscribeBrowser(
  publicKey: string,
  browser: PushBrowser = pushBrowser(),
): Promise<PanelPushBody["subscription"]> {
  const problem = pushProblem(browser);
  if (problem) throw new PushProblemError(problem);
  const permission = await browser.notification!.requestPermission();
  if (permission !== "granted") throw new PushProblemError("denied");
  let json: unknown;
  try {
    const registration = await browser.serviceWorker!.ready;
    const key = base64UrlBytes(publicKey);
    const existing = await registration.pushManager.getSubscription();
    if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    const subscription =
      existing && sameKey(existing.options.applicationServerKey, key)
        ? existing
        : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    json = subscription.toJSON();
  } catch {
    throw new PushProblemError("subscribeFailed");
  }
  const parsed = v.safeParse(PushSubscriptionSchema, json);
  if (!parsed.success) throw new PushProblemError("subscribeFailed");
  return parsed.output;
}

/** Removes this browser's push subscription, if any (errors ignored: the hub forgets it anyway). */
export async function unsubscribeBrowser(browser: PushBrowser = pushBrowser()): Promise<void> {
  try {
    const registration = await browser.serviceWorker?.getRegistration();
    const existing = await registration?.pushManager.getSubscription();
    await existing?.unsubscribe();
  } catch {
    // nothing to remove
  }
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}
