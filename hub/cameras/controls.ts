import type { NightmodeBody, PtzBody, PtzPreset } from "../../contract/camera-controls";
import type { Camera } from "../../contract/cameras";
import { HubError } from "../core/errors";
import type { OnvifService } from "./onvif/service";
import type { CameraService } from "./service";

/**
 * Camera controls (spec §6, §7): PTZ, presets and night mode, each a command to the camera the
 * service knows. A camera with `onvif` in the household file is driven through its ONVIF services
 * (hub/cameras/onvif/: ContinuousMove then Stop, GotoPreset, the imaging service's IR cut filter);
 * the hub's own demo cameras move their simulated PTZ head and grey their picture. Any other
 * camera's PTZ and a plain camera's (`mjpeg`, `hls`, `rtsp`) night mode are refused with a clear
 * message (409 NOT_SUPPORTED).
 */
export class CameraControls {
  constructor(
    private readonly cameras: CameraService,
    private readonly onvif?: OnvifService,
  ) {}

  /**
   * `POST /controls/ptz/{cameraId}`: moves the camera (ContinuousMove at the body's velocities for
   * `duration` ms, then Stop). An ONVIF camera answers once it accepted the move. @throws HubError
   * NOT_FOUND (unknown camera), NOT_SUPPORTED (no PTZ, disabled, no ONVIF PTZ service, a SOAP fault
   * with its reason), DEVICE_UNREACHABLE (the ONVIF camera does not answer or refused the login)
   */
  async ptz(id: string, body: PtzBody): Promise<PtzBody & { id: string }> {
    const camera = this.cameras.householdCamera(id);
    if (this.onvif?.has(id)) {
      if (!this.cameras.get(id).enabled) throw new HubError("NOT_SUPPORTED", "camera is disabled");
      await this.onvif.ptz(id, body);
      return { id, ...body };
    }
    if (!camera.ptz) throw new HubError("NOT_SUPPORTED", "this camera has no PTZ");
    if (camera.source.type !== "demo")
      throw new HubError(
        "NOT_SUPPORTED",
        `PTZ of ${camera.source.type} cameras needs the camera's ONVIF settings (onvif.url) in the household file`,
      );
    if (!this.cameras.get(id).enabled) throw new HubError("NOT_SUPPORTED", "camera is disabled");
    const head = this.cameras.simulated(id)?.ptz;
    if (!head) throw new HubError("NOT_SUPPORTED", "this camera has no PTZ");
    head.move(body);
    return { id, ...body };
  }

  /**
   * `GET /controls/ptz/{cameraId}/presets`: the ONVIF camera's presets (GetPresets); empty for any
   * other camera. @throws HubError NOT_FOUND, as {@link ptz} for an ONVIF camera
   */
  async presets(id: string): Promise<PtzPreset[]> {
    this.cameras.householdCamera(id);
    if (!this.onvif?.has(id) || !this.cameras.get(id).enabled) return [];
    return this.onvif.presets(id);
  }

  /**
   * `POST /controls/ptz/{cameraId}/presets/{presetToken}`: the ONVIF camera goes to that preset.
   * @throws HubError NOT_FOUND (unknown camera or preset), NOT_SUPPORTED (no presets), as {@link ptz}
   */
  async gotoPreset(id: string, token: string): Promise<PtzPreset & { id: string }> {
    this.cameras.householdCamera(id);
    if (!this.onvif?.has(id)) throw new HubError("NOT_SUPPORTED", "this camera has no presets");
    if (!this.cameras.get(id).enabled) throw new HubError("NOT_SUPPORTED", "camera is disabled");
    const preset = await this.onvif.gotoPreset(id, token);
    return { id, ...preset };
  }

  /**
   * `POST controls/lights/nightmode/{cameraId}`: an ONVIF camera switches its IR cut filter (and IR
   * lamp where it has one) and the item's `nightmode` is what the camera reports back; a demo or
   * go2rtc camera without ONVIF stores the mode (the demo picture's IR look follows it). Either way
   * `camera/config` is republished. @throws HubError NOT_FOUND; NOT_SUPPORTED for a plain camera
   * without ONVIF (`mjpeg`, `hls`, `rtsp`: the hub cannot switch its IR) or an ONVIF camera without
   * an IR cut filter; DEVICE_UNREACHABLE as {@link ptz}
   */
  async nightmode(id: string, body: NightmodeBody): Promise<Camera> {
    const { type } = this.cameras.householdCamera(id).source;
    if (this.onvif?.has(id)) {
      const readBack = await this.onvif.nightmode(id, body.mode);
      return this.cameras.edit(id, { nightmode: readBack.nightmode });
    }
    if (type === "mjpeg" || type === "hls" || type === "rtsp")
      throw new HubError(
        "NOT_SUPPORTED",
        `night mode of ${type} cameras is not supported: the hub cannot switch this camera's IR`,
      );
    return this.cameras.edit(id, { nightmode: body.mode });
  }
}
