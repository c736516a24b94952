import type { ApiClient, ApiResult } from "../../lib/api/client";
import {
  CAMERAS_PATH,
  CameraAnswerSchema,
  CamerasAnswerSchema,
  cameraPath,
  mjpegPath,
  snapshotPath,
  type Camera,
  type CameraConfigBody,
} from "../../../contract/cameras";

/** GET /cameras on the camera v5 base (our addition): every camera item. Errors: ApiError. */
export async function fetchCameras(camerasV5: ApiClient): Promise<ApiResult<Camera[]>> {
  const result = await camerasV5.get(CAMERAS_PATH, { schema: CamerasAnswerSchema });
  return { ...result, data: result.data.items };
}

/** GET ../v5/cameras/{cameraId} (spec §7): the camera item as the hub has it now (enabled, hls, mjpeg, streams.mobile, …). Errors: ApiError (404: no such camera). */
export async function fetchCamera(camerasV5: ApiClient, id: string): Promise<ApiResult<Camera>> {
  const result = await camerasV5.get(cameraPath(id), { schema: CameraAnswerSchema });
  return { ...result, data: result.data.item };
}

/** PATCH ../v5/cameras/{cameraId} (spec §7, body config): the camera item as the hub now answers it. Errors: ApiError. */
export async function editCamera(
  camerasV5: ApiClient,
  id: string,
  config: CameraConfigBody["config"],
): Promise<ApiResult<Camera>> {
  const result = await camerasV5.patch(cameraPath(id), {
    json: { config } satisfies CameraConfigBody,
    schema: CameraAnswerSchema,
  });
  return { ...result, data: result.data.item };
}

/** The URL of camera `id`'s live MJPEG stream on the camera v1 base (spec §7). */
export function mjpegUrl(cameras: ApiClient, id: string): string {
  return `${cameras.baseUrl.replace(/\/$/, "")}${mjpegPath(id)}`;
}

/** The URL of camera `id`'s snapshot (one JPEG) on the camera v1 base. */
export function snapshotUrl(cameras: ApiClient, id: string): string {
  return `${cameras.baseUrl.replace(/\/$/, "")}${snapshotPath(id)}`;
}
