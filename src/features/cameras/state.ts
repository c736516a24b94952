import { atom, type Atom } from "jotai";
import {
  CAMERA_HEARTBEAT_TOPIC_PATTERN,
  CAMERA_STATE_TOPIC_PATTERN,
  CameraHeartbeatPayloadSchema,
  CameraStatePayloadSchema,
  type CameraStatePayload,
} from "../../../contract/camera-state";
import { createFamily } from "../../lib/state/family";
import { nowAtom } from "../../platform/clock/atoms";
import { liveFamily } from "../../platform/live/family";
import { localeAtom } from "../../platform/preferences/atoms";
import { formatSilence } from "./silence";

/** `camera/state/<cameraId>` (retained): the camera's state as the hub sees its frames; null until one arrives. */
export const cameraStateFamily = liveFamily({
  pattern: CAMERA_STATE_TOPIC_PATTERN,
  schema: CameraStatePayloadSchema,
  map: (payload): CameraStatePayload => payload,
});

/** `camera/heartbeat/<cameraId>` (retained): epoch ms of the last frame the hub received from the camera; null until one arrives. */
export const cameraHeartbeatFamily = liveFamily({
  pattern: CAMERA_HEARTBEAT_TOPIC_PATTERN,
  schema: CameraHeartbeatPayloadSchema,
  map: (payload) => Date.parse(payload.lastFrameAt),
});

/**
 * How long camera `cameraId` has had no signal, as the status line says it ('2 min', '45 s'), or
 * null when its state is not `no-signal`. Reads the app clock only while the camera has no signal,
 * and is a string, so its reader re-renders when the words change, not on every tick.
 */
export const cameraSilenceAtom = createFamily(
  (cameraId: string): Atom<string | null> =>
    atom((get) => {
      const state = get(cameraStateFamily(cameraId));
      if (state?.state !== "no-signal") return null;
      return formatSilence(get(nowAtom) - Date.parse(state.since), get(localeAtom));
    }),
  { releaseWhenUnused: true },
);
