import { createHash } from "node:crypto";
import type { PushCategory, PushPayload } from "../../contract/panels";
import type { Locale } from "../../contract/preferences";

/** What happened, before it is worded for a panel's language. */
export type PushEvent =
  | { category: "doorbell"; cameraId: string | null; at: number }
  | { category: "gate" | "garage"; label: string; minutes: number; at: number }
  | { category: "leak" | "smoke"; device: string; label: string; room?: string; at: number };

/** How a push is delivered: seconds the push service keeps it (TTL), its Urgency, and the Topic that collapses an older one. */
export interface PushDelivery {
  ttlS: number;
  urgency: "very-low" | "low" | "normal" | "high";
  topic: string;
}

const TEXTS = {
  pl: {
    doorbell: { title: "Dzwonek", body: "Ktoś dzwoni przy bramce." },
    gate: (label: string, minutes: number) => ({
      title: "Brama otwarta",
      body: `${label}: otwarta od ${minutes} min.`,
    }),
    garage: (label: string, minutes: number) => ({
      title: "Garaż otwarty",
      body: `${label}: otwarta od ${minutes} min.`,
    }),
    leak: (where: string) => ({ title: "Zalanie!", body: `Czujnik zalania: ${where}.` }),
    smoke: (where: string) => ({ title: "Dym!", body: `Czujnik dymu: ${where}.` }),
  },
  en: {
    doorbell: { title: "Doorbell", body: "Someone is ringing at the gate." },
    gate: (label: string, minutes: number) => ({ title: "Gate open", body: `${label}: open for ${minutes} min.` }),
    garage: (label: string, minutes: number) => ({
      title: "Garage open",
      body: `${label}: open for ${minutes} min.`,
    }),
    leak: (where: string) => ({ title: "Water leak!", body: `Leak sensor: ${where}.` }),
    smoke: (where: string) => ({ title: "Smoke!", body: `Smoke sensor: ${where}.` }),
  },
} as const;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A short base64url digest of `text` (a push Topic: at most 32 URL-safe characters). */
function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

/**
 * The payload a panel in `locale` gets for `event` (contract/panels.ts PushPayloadSchema): Polish
 * titles and bodies, English for a panel whose locale is `en`. The doorbell opens the doorbell
 * camera's live view (`/cameras/live?id=<camera>`, or /cameras when the household has none), the gate
 * and garage open home (where the doors' tiles are), an alarm /devices. The tag collapses a newer
 * notification of the same thing over an older one.
 */
export function pushPayload(event: PushEvent, locale: Locale): PushPayload {
  const texts = TEXTS[locale];
  const base = { category: event.category, at: event.at };
  switch (event.category) {
    case "doorbell":
      return {
        ...base,
        ...texts.doorbell,
        url: event.cameraId === null ? "/cameras" : `/cameras/live?id=${encodeURIComponent(event.cameraId)}`,
        tag: "doorbell",
      };
    case "gate":
    case "garage": {
      const text = texts[event.category](clip(event.label, 100), event.minutes);
      return { ...base, title: text.title, body: clip(text.body, 300), url: "/", tag: event.category };
    }
    case "leak":
    case "smoke": {
      const where = event.room === undefined ? event.label : `${event.label} (${event.room})`;
      const text = texts[event.category](clip(where, 250));
      return {
        ...base,
        title: text.title,
        body: clip(text.body, 300),
        url: "/devices",
        tag: clip(`${event.category}:${event.device}`, 80),
      };
    }
  }
}

/** How `event` is delivered: the doorbell and alarms urgent (high), the doors normal; a topic per thing. */
export function pushDelivery(event: PushEvent): PushDelivery {
  const category: PushCategory = event.category;
  switch (event.category) {
    case "doorbell":
      // A ring is worth nothing after a few minutes.
      return { ttlS: 120, urgency: "high", topic: "doorbell" };
    case "gate":
    case "garage":
      return { ttlS: 3600, urgency: "normal", topic: category };
    case "leak":
    case "smoke":
      return { ttlS: 24 * 3600, urgency: "high", topic: `${category}-${digest(event.device)}` };
  }
}
