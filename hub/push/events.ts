import * as v from "valibot";
import { DOORBELL, DOORBELL_RING_TOPIC, DoorbellRingSchema } from "../../contract/cameras";
import { DEVICE_ALARMS, DeviceAlertSchema, type DeviceAlarm } from "../../contract/devices";
import { DoorStatePayloadSchema, GARAGE_DOORS, garageStateTopic, type GarageDoor } from "../../contract/garage";
import type { BrokerLink, HubLogger } from "../broker/link";
import { parseJsonValue } from "../bridge/guards";
import type { Household } from "../household/schema";
import { pushDelivery, pushPayload, type PushEvent } from "./messages";
import type { PushSender } from "./sender";
import type { PushStore } from "./store";

/** A ring or an alarm older than this when the hub first hears it (a retained one after a restart) is not pushed (ms). */
const STALE_MS = 60_000;
/** Most alarms whose last state is kept (a larger network's further devices are not pushed). */
const MAX_ALARMS = 2048;

/** What the events need: the broker link, the household (the doorbell's camera), the store, the sender, the open-door delay and the clock. */
export interface PushEventsDeps {
  link: BrokerLink;
  household: Household;
  store: PushStore;
  sender: PushSender;
  openAlertMs: number;
  log: HubLogger;
  now?: () => number;
}

/**
 * The camera a doorbell push opens: the first of the doorbell's cameras (contract/cameras.ts
 * DOORBELL.cameras) the household has, else its first camera, else null.
 */
export function doorbellCamera(household: Household): string | null {
  const cameras = (household.cameras ?? []).filter((camera) => camera.enabled !== false).map((camera) => camera.id);
  return DOORBELL.cameras.find((id) => cameras.includes(id)) ?? cameras[0] ?? null;
}

/**
 * Follows what the hub publishes and pushes to each panel that chose the category, in its language:
 * - `doorbell/ring` (the doorbell bridge, cameras/doorbell.ts): each new ring, not one older than a
 *   minute (the retained ring a restart reads back);
 * - `garage/<door>/state`: a door that is anything but `closed` for `openAlertMs` is pushed once
 *   (category `gate` or `garage`), again only after it closed;
 * - `alert/leak|smoke/<id>` (devices/alarms.ts): an alarm turning active (a retained one on start
 *   only when it became active within the last minute).
 * Malformed payloads are ignored. Answers a stop function (clears the door timers).
 */
export function startPushEvents(deps: PushEventsDeps): () => void {
  const now = deps.now ?? Date.now;
  let stopped = false;
  const push = (event: PushEvent) => {
    if (stopped) return;
    const targets = deps.store.wanting(event.category);
    for (const target of targets) deps.sender.send(target, pushPayload(event, target.locale), pushDelivery(event));
    if (targets.length > 0) deps.log.info({ category: event.category, panels: targets.length }, "push: sent");
  };

  let lastRing = 0;
  deps.link.subscribe(DOORBELL_RING_TOPIC, (_topic, payload) => {
    const ring = v.safeParse(DoorbellRingSchema, parseJsonValue(payload));
    if (!ring.success || ring.output <= lastRing) return;
    lastRing = ring.output;
    if (now() - ring.output > STALE_MS) return;
    push({ category: "doorbell", cameraId: doorbellCamera(deps.household), at: now() });
  });

  const doorTimers = new Map<GarageDoor, NodeJS.Timeout>();
  for (const door of GARAGE_DOORS) {
    deps.link.subscribe(garageStateTopic(door), (_topic, payload) => {
      const parsed = v.safeParse(DoorStatePayloadSchema, parseJsonValue(payload));
      const open = parsed.success && parsed.output.state !== "closed";
      if (!open) {
        clearTimeout(doorTimers.get(door));
        doorTimers.delete(door);
        return;
      }
      if (doorTimers.has(door)) return;
      const label = parsed.output.label;
      const timer = setTimeout(() => {
        push({ category: door, label, minutes: Math.max(1, Math.round(deps.openAlertMs / 60_000)), at: now() });
      }, deps.openAlertMs);
      timer.unref();
      doorTimers.set(door, timer);
    });
  }

  const alarms = new Map<string, boolean>();
  for (const alarm of DEVICE_ALARMS) {
    deps.link.subscribe(`alert/${alarm}/#`, (topic, payload) => {
      const parsed = v.safeParse(DeviceAlertSchema, parseJsonValue(payload));
      if (!parsed.success) return;
      const alert = parsed.output;
      const before = alarms.get(topic);
      if (before === undefined && alarms.size >= MAX_ALARMS) return;
      alarms.set(topic, alert.active);
      if (!alert.active || before === true) return;
      if (before === undefined && now() - Date.parse(alert.since) > STALE_MS) return;
      push({
        category: alarm satisfies DeviceAlarm,
        device: alert.device,
        label: alert.label,
        ...(alert.room !== undefined ? { room: alert.room } : {}),
        at: now(),
      });
    });
  }

  return () => {
    stopped = true;
    for (const timer of doorTimers.values()) clearTimeout(timer);
    doorTimers.clear();
  };
}
