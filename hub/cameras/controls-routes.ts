import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  NIGHTMODE_ROUTE,
  NightmodeBodySchema,
  PTZ_PRESET_ROUTE,
  PTZ_PRESETS_ROUTE,
  PTZ_ROUTE,
  PtzBodySchema,
  PtzPresetBodySchema,
  PtzPresetTokenSchema,
  type PtzAnswer,
  type PtzPresetAnswer,
  type PtzPresetsAnswer,
} from "../../contract/camera-controls";
import type { CameraAnswer } from "../../contract/cameras";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { CameraControls } from "./controls";

type CameraParams = { Params: { cameraId: string } };
type PresetParams = { Params: { cameraId: string; presetToken: string } };

/**
 * Camera controls on the camera v1 base (spec §6, §7, §9): `POST /controls/ptz/{cameraId}`
 * (body `{duration?, pan?, tilt?, zoom?}`: 400 naming the field, 404 unknown camera, 409
 * NOT_SUPPORTED without PTZ, 409 DEVICE_UNREACHABLE when an ONVIF camera does not answer),
 * `GET /controls/ptz/{cameraId}/presets` (`{items: [{token, name}]}`), `POST
 * /controls/ptz/{cameraId}/presets/{presetToken}` (empty body; `{item: {id, token, name}}`, 404 for
 * an unknown preset) and `POST /controls/lights/nightmode/{cameraId}` (body `{mode: boolean}`,
 * answers the camera item, `nightmode` as the camera reports it).
 */
export function cameraControlsRoutes({ controls }: { controls: CameraControls }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<CameraParams>(PTZ_ROUTE, async (request) => {
      const body = parseBody(PtzBodySchema, request.body);
      return { item: await controls.ptz(request.params.cameraId, body) } satisfies PtzAnswer;
    });
    app.get<CameraParams>(PTZ_PRESETS_ROUTE, async (request) => {
      return { items: await controls.presets(request.params.cameraId) } satisfies PtzPresetsAnswer;
    });
    app.post<PresetParams>(PTZ_PRESET_ROUTE, async (request) => {
      parseBody(PtzPresetBodySchema, request.body ?? {});
      if (!v.is(PtzPresetTokenSchema, request.params.presetToken)) throw new HubError("NOT_FOUND", "no such preset");
      const item = await controls.gotoPreset(request.params.cameraId, request.params.presetToken);
      return { item } satisfies PtzPresetAnswer;
    });
    app.post<CameraParams>(NIGHTMODE_ROUTE, async (request) => {
      const body = parseBody(NightmodeBodySchema, request.body);
      return { item: await controls.nightmode(request.params.cameraId, body) } satisfies CameraAnswer;
    });
  };
}
