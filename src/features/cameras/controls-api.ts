import type { ApiClient, ApiResult } from "../../lib/api/client";
import {
  NightmodeAnswerSchema,
  PtzAnswerSchema,
  PtzPresetAnswerSchema,
  PtzPresetsAnswerSchema,
  RecordingAnswerSchema,
  RecordingsAnswerSchema,
  nightmodePath,
  ptzPath,
  ptzPresetPath,
  ptzPresetsPath,
  recordingLockPath,
  recordingPath,
  recordingSnapshotPath,
  recordingsPath,
  type NightmodeBody,
  type PtzAnswer,
  type PtzBodyInput,
  type PtzPreset,
  type PtzPresetAnswer,
  type Recording,
} from "../../../contract/camera-controls";
import { CAMERAS_RELOAD_PATH, CamerasAnswerSchema, type Camera } from "../../../contract/cameras";

/** POST /controls/ptz/{cameraId} on the camera v1 base (spec §7): starts a move; the hub's answer. Errors: ApiError (400 naming the field, 409 NOT_SUPPORTED). */
export async function movePtz(cameras: ApiClient, id: string, body: PtzBodyInput): Promise<PtzAnswer["item"]> {
  return (await cameras.post(ptzPath(id), { json: body, schema: PtzAnswerSchema })).data.item;
}

/** GET /controls/ptz/{cameraId}/presets on the camera v1 base: the camera's PTZ presets (empty when it has none). Errors: ApiError. */
export async function fetchPtzPresets(cameras: ApiClient, id: string): Promise<PtzPreset[]> {
  return (await cameras.get(ptzPresetsPath(id), { schema: PtzPresetsAnswerSchema })).data.items;
}

/** POST /controls/ptz/{cameraId}/presets/{presetToken} (empty body): the camera goes to the preset; the hub's answer. Errors: ApiError (404 unknown preset, 409). */
export async function gotoPtzPreset(cameras: ApiClient, id: string, token: string): Promise<PtzPresetAnswer["item"]> {
  return (await cameras.post(ptzPresetPath(id, token), { json: {}, schema: PtzPresetAnswerSchema })).data.item;
}

/** POST controls/lights/nightmode/{cameraId} on the camera v1 base (spec §6, §7, body mode): the camera item as it is now. Errors: ApiError. */
export async function setNightmode(cameras: ApiClient, id: string, mode: boolean): Promise<Camera> {
  return (
    await cameras.post(nightmodePath(id), { json: { mode } satisfies NightmodeBody, schema: NightmodeAnswerSchema })
  ).data.item;
}

/** POST config/cameras/reload on the general base (spec §7, empty body): the hub republishes `camera/config`; answers every camera. Errors: ApiError. */
export async function reloadCameras(general: ApiClient): Promise<Camera[]> {
  return (await general.post(CAMERAS_RELOAD_PATH, { json: {}, schema: CamerasAnswerSchema })).data.items;
}

/** GET /recordings?cameraId= on the camera v1 base: camera `id`'s recordings, newest first. Errors: ApiError. */
export async function fetchRecordings(cameras: ApiClient, id: string): Promise<ApiResult<Recording[]>> {
  const result = await cameras.get(recordingsPath(id), { schema: RecordingsAnswerSchema });
  return { ...result, data: result.data.items };
}

/** PATCH /recordings/lock/{recordingId} (spec §5, §7, empty body): toggles the lock; the recording as the hub answers it (`item.locked`). Errors: ApiError. */
export async function toggleRecordingLock(cameras: ApiClient, id: string): Promise<Recording> {
  return (await cameras.patch(recordingLockPath(id), { json: {}, schema: RecordingAnswerSchema })).data.item;
}

/** The URL of recording `id`'s playback (multipart/x-mixed-replace) on the camera v1 base. */
export function recordingUrl(cameras: ApiClient, id: string): string {
  return `${cameras.baseUrl.replace(/\/$/, "")}${recordingPath(id)}`;
}

/** The URL of recording `id`'s still picture (`GET /recordings/{id}/snapshot.jpg`, `image/jpeg`) on the camera v1 base. */
export function recordingSnapshotUrl(cameras: ApiClient, id: string): string {
  return `${cameras.baseUrl.replace(/\/$/, "")}${recordingSnapshotPath(id)}`;
}
