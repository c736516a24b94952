import { atom } from "jotai";
import * as v from "valibot";
import {
  CAMERA_MODES,
  CAMERA_SCALINGS,
  CameraModeSchema,
  CameraScalingSchema,
  CameraStreamSchema,
  type Camera,
  type CameraMode,
  type CameraScaling,
  type CameraStream,
} from "../../../contract/cameras";
import { safeLocalStorage } from "../../shared/storage";

/** Per-camera UI state (spec §3): play flag, mode, scaling, stream, audio. */
export const CameraUiStateSchema = v.object({
  play: v.boolean(),
  mode: CameraModeSchema,
  scaling: CameraScalingSchema,
  stream: CameraStreamSchema,
  audio: v.boolean(),
});
export type CameraUiState = v.InferOutput<typeof CameraUiStateSchema>;

/**
 * The modes camera `camera` supports, in cycle order (spec §4): rtc always when it is enabled,
 * then hls and mjpeg when it has them; none when disabled.
 */
export function supportedModes(camera: Pick<Camera, "enabled" | "hls" | "mjpeg">): CameraMode[] {
  if (!camera.enabled) return [];
  return CAMERA_MODES.filter(
    (mode) => mode === "rtc" || (mode === "hls" && camera.hls) || (mode === "mjpeg" && camera.mjpeg),
  );
}

/** The mode after `mode` in the camera's cycle (spec §4), wrapping; rtc when `mode` is not supported. */
export function nextMode(camera: Pick<Camera, "enabled" | "hls" | "mjpeg">, mode: CameraMode): CameraMode {
  const modes = supportedModes(camera);
  const at = modes.indexOf(mode);
  return modes[(at + 1) % modes.length] ?? "rtc";
}

/** The scaling after `scaling`: stretch -> contain -> cover -> stretch (spec §4). */
export function nextScaling(scaling: CameraScaling): CameraScaling {
  return CAMERA_SCALINGS[(CAMERA_SCALINGS.indexOf(scaling) + 1) % CAMERA_SCALINGS.length] ?? "stretch";
}

/**
 * The UI state of a camera never viewed here (spec §4): playing, mode rtc, the camera's own
 * scaling (default stretch), stream mobile when it has one else full, audio as the first user
 * interaction left it (`audio`: whether the page has had one, so the browser allows sound).
 */
export function defaultUiState(camera: Pick<Camera, "scaling" | "streams">, audio: boolean): CameraUiState {
  const stream: CameraStream = camera.streams.mobile ? "mobile" : "full";
  return { play: true, mode: "rtc", scaling: camera.scaling, stream, audio };
}

/** Whether the page has had a user interaction (audio may play), per the browser's user activation. */
export function hadUserInteraction(): boolean {
  const activation = (globalThis.navigator as Navigator | undefined)?.userActivation;
  return activation?.hasBeenActive ?? false;
}

/** localStorage key of the remembered per-camera UI states. */
export const CAMERA_UI_KEY = "dashboard.cameraUi";

const StoredSchema = v.record(v.string(), CameraUiStateSchema);

function readStored(): Record<string, CameraUiState> {
  try {
    const parsed = v.safeParse(StoredSchema, JSON.parse(safeLocalStorage()?.getItem(CAMERA_UI_KEY) ?? "{}"));
    return parsed.success ? parsed.output : {};
  } catch {
    return {};
  }
}

const storedAtom = atom<Record<string, CameraUiState>>(readStored());

/**
 * The remembered UI states, per camera id (spec §3), kept in this browser's localStorage; a stored
 * value that fails validation reads as none. Write with `[id, state]`.
 */
export const cameraUiStatesAtom = atom(
  (get) => get(storedAtom),
  (get, set, [id, state]: [string, CameraUiState]) => {
    const next = { ...get(storedAtom), [id]: state };
    set(storedAtom, next);
    try {
      safeLocalStorage()?.setItem(CAMERA_UI_KEY, JSON.stringify(next));
    } catch {
      // storage full or disabled: remembered for this page only
    }
  },
);

/** The UI state of `camera`: the remembered one, its mode corrected when the camera no longer supports it, else the default. */
export function uiStateOf(camera: Camera, stored: CameraUiState | undefined, audio: boolean): CameraUiState {
  const state = stored ?? defaultUiState(camera, audio);
  const modes = supportedModes(camera);
  return modes.includes(state.mode) ? state : { ...state, mode: modes[0] ?? "rtc" };
}
