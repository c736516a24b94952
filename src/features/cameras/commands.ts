import { cameraPath, type Camera, type CameraConfigBody } from "../../../contract/cameras";
import {
  nightmodePath,
  ptzPath,
  ptzPresetPath,
  recordingLockPath,
  type PtzBodyInput,
  type Recording,
} from "../../../contract/camera-controls";
import { commandAtom } from "../../platform/commands";
import { editCamera } from "./api";
import { camerasAtom } from "./atoms";
import { gotoPtzPreset, movePtz, reloadCameras, setNightmode, toggleRecordingLock } from "./controls-api";

/** The camera list with `camera` in place of its old item. */
const withCamera = (list: readonly Camera[] | null, camera: Camera) =>
  list?.map((item) => (item.id === camera.id ? camera : item)) ?? list;

/**
 * Saves a camera's config (spec §7 `PATCH ../v5/cameras/{id}` body `{config}`, then `POST
 * config/cameras/reload` so every open dashboard takes it), pending under `camera-config:<id>`; the
 * hub's answers go into the camera list. A 400 fails the command with the ApiError, whose message
 * names the field (`config.label: …`; the settings form shows it).
 */
export const saveCameraConfigCommand = commandAtom<{ id: string; config: CameraConfigBody["config"] }, Camera>({
  target: ({ id }) => `camera-config:${id}`,
  request: ({ id }) => ({ method: "PATCH", path: cameraPath(id) }),
  failureKey: "cameraControls.saveFailed",
  run: async ({ api, set }, { id, config }) => {
    const saved = (await editCamera(api.camerasV5, id, config)).data;
    set(camerasAtom, (list) => withCamera(list, saved));
    const all = await reloadCameras(api.general).catch(() => null);
    if (all) set(camerasAtom, all);
    return saved;
  },
});

/** Moves a camera's PTZ head (spec §7 `POST /controls/ptz/{cameraId}`, duration 250 by default), pending under `camera-ptz:<id>`. */
export const ptzCommand = commandAtom<{ id: string; move: PtzBodyInput }, void>({
  target: ({ id }) => `camera-ptz:${id}`,
  request: ({ id }) => ({ method: "POST", path: ptzPath(id) }),
  failureKey: "cameraControls.ptzFailed",
  run: async ({ api }, { id, move }) => {
    await movePtz(api.cameras, id, move);
  },
});

/** Sends a camera to one of its PTZ presets (`POST /controls/ptz/{cameraId}/presets/{presetToken}`), pending under `camera-ptz:<id>`. */
export const ptzPresetCommand = commandAtom<{ id: string; token: string }, void>({
  target: ({ id }) => `camera-ptz:${id}`,
  request: ({ id, token }) => ({ method: "POST", path: ptzPresetPath(id, token) }),
  failureKey: "cameraControls.presetFailed",
  run: async ({ api }, { id, token }) => {
    await gotoPtzPreset(api.cameras, id, token);
  },
});

/** Sets a camera's night mode (spec §6, §7 `POST controls/lights/nightmode/{cameraId}` body mode), pending under `camera-night:<id>`; the answer's item goes into the list. */
export const nightmodeCommand = commandAtom<{ id: string; mode: boolean }, Camera>({
  target: ({ id }) => `camera-night:${id}`,
  request: ({ id }) => ({ method: "POST", path: nightmodePath(id) }),
  run: async ({ api, set }, { id, mode }) => {
    const camera = await setNightmode(api.cameras, id, mode);
    set(camerasAtom, (list) => withCamera(list, camera));
    return camera;
  },
});

/** Toggles a recording's lock (spec §5 "toggled and the resulting locked flag read back", `PATCH /recordings/lock/{id}`), pending under `recording-lock:<id>`. */
export const toggleRecordingLockCommand = commandAtom<{ id: string }, Recording>({
  target: ({ id }) => `recording-lock:${id}`,
  request: ({ id }) => ({ method: "PATCH", path: recordingLockPath(id) }),
  run: async ({ api }, { id }) => toggleRecordingLock(api.cameras, id),
});
