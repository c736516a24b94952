import type { FastifyInstance } from "fastify";
import {
  NIGHTMODE_ROUTE,
  NightmodeBodySchema,
  PTZ_ROUTE,
  PtzBodySchema,
  type PtzAnswer,
} from "../../contract/camera-controls";
import type { CameraAnswer } from "../../contract/cameras";
import { parseBody } from "../http/body";
import type { CameraControls } from "./controls";

type CameraParams = { Params: { cameraId: string } };

/**
 * Camera controls on the camera v1 base (spec §6, §7, §9): `POST /controls/ptz/{cameraId}`
 * (body `{duration?, pan?, tilt?, zoom?}`: 400 naming the field, 404 unknown camera, 409
 * NOT_SUPPORTED without PTZ) and `POST /controls/lights/nightmode/{cameraId}` (body `{mode: boolean}`,
 * answers the camera item).
 */
export function cameraControlsRoutes({ controls }: { controls: CameraControls }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<CameraParams>(PTZ_ROUTE, async (request) => {
      const body = parseBody(PtzBodySchema, request.body);
      return { item: controls.ptz(request.params.cameraId, body) } satisfies PtzAnswer;
    });
    app.post<CameraParams>(NIGHTMODE_ROUTE, async (request) => {
      const body = parseBody(NightmodeBodySchema, request.body);
      return { item: controls.nightmode(request.params.cameraId, body) } satisfies CameraAnswer;
    });
  };
}
