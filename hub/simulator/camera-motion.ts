import { DOORBELL, DOORBELL_RING_TOPIC } from "../../contract/cameras";
import type { BrokerLink } from "../broker/link";

/** How often the demo raises a motion event on a random camera: every 2 to 3 minutes. */
export const SIM_MOTION_EVERY_MS = { min: 120_000, max: 180_000 } as const;

/**
 * The demo cameras' motion sensors: every 2-3 minutes a motion event on a random
 * camera, and one on `brama` (when the household has it) at each doorbell ring (`doorbell/ring`
 * within the 5 s a ring is fresh, so the retained ring of an earlier run raises none). `trigger`
 * raises one at once (`POST /demo/motion/{cameraId}`). Each event calls `onMotion`.
 */
export function simulatedCameraMotion(options: {
  link: BrokerLink;
  cameraIds: readonly string[];
  onMotion: (cameraId: string) => void;
  random?: () => number;
  now?: () => number;
}): { trigger(cameraId: string): void; stop(): void } {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    const wait = SIM_MOTION_EVERY_MS.min + random() * (SIM_MOTION_EVERY_MS.max - SIM_MOTION_EVERY_MS.min);
    timer = setTimeout(() => {
      const id = options.cameraIds[Math.floor(random() * options.cameraIds.length)];
      if (id !== undefined) options.onMotion(id);
      if (!stopped) schedule();
    }, wait);
    timer.unref();
  };
  if (options.cameraIds.length > 0) schedule();
  if (options.cameraIds.includes("brama")) {
    options.link.subscribe(DOORBELL_RING_TOPIC, (_topic, payload) => {
      const at = Number(payload.toString("utf8"));
      if (!stopped && Number.isFinite(at) && Math.abs(now() - at) < DOORBELL.freshMs) options.onMotion("brama");
    });
  }
  return {
    trigger: (cameraId) => options.onMotion(cameraId),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
