import type { PtzBody } from "../../contract/camera-controls";

/** Where a demo camera looks and how it renders: pan (px, + right), tilt (px, + up), zoom (1..4), night picture. */
export type FrameView = { pan: number; tilt: number; zoom: number; night: boolean };

/** The view of a camera that never moved: centred, zoom 1, day picture. */
export const CENTRE_VIEW: FrameView = { pan: 0, tilt: 0, zoom: 1, night: false };

/**
 * The simulated PTZ head's limits and speeds at velocity 1 (ONVIF ContinuousMove's -1..1): pan
 * ±300 px at 240 px/s, tilt ±60 px at 120 px/s, zoom 1..4 at 2 per second.
 */
export const SIM_PTZ = {
  pan: { min: -300, max: 300, perSecond: 240 },
  tilt: { min: -60, max: 60, perSecond: 120 },
  zoom: { min: 1, max: 4, perSecond: 2 },
} as const;

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/**
 * The demo camera's PTZ head: `move` starts a ContinuousMove at the body's velocities
 * for `duration` ms (a new move replaces one still running, from where the head is now), and
 * `viewAt(now)` is the position at time `now` (epoch ms), so each frame drawn during the move shows
 * the picture a little further along. No timers: the position is computed from the clock.
 */
export class PtzHead {
  private base: Omit<FrameView, "night"> = { pan: 0, tilt: 0, zoom: 1 };
  private motion: { at: number; body: PtzBody } | null = null;

  /** Starts a move at `now` (epoch ms). */
  move(body: PtzBody, now: number = Date.now()): void {
    this.base = this.viewAt(now);
    this.motion = { at: now, body };
  }

  /** Pan, tilt and zoom at `now` (epoch ms), within the limits. */
  viewAt(now: number = Date.now()): Omit<FrameView, "night"> {
    if (!this.motion) return this.base;
    const seconds = Math.max(0, Math.min(now - this.motion.at, this.motion.body.duration)) / 1000;
    const { pan, tilt, zoom } = this.motion.body;
    return {
      pan: clamp(this.base.pan + pan * SIM_PTZ.pan.perSecond * seconds, SIM_PTZ.pan),
      tilt: clamp(this.base.tilt + tilt * SIM_PTZ.tilt.perSecond * seconds, SIM_PTZ.tilt),
      zoom: clamp(this.base.zoom + zoom * SIM_PTZ.zoom.perSecond * seconds, SIM_PTZ.zoom),
    };
  }
}
