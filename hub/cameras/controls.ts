import type { NightmodeBody, PtzBody } from "../../contract/camera-controls";
import type { Camera } from "../../contract/cameras";
import { HubError } from "../core/errors";
import type { CameraService } from "./service";

/**
 * Camera controls (spec §6, §7): PTZ and night mode, each a command to the camera the
 * service knows. Only the hub's own demo cameras have a PTZ head today; a go2rtc camera's PTZ (its
 * ONVIF PTZ service) and a plain camera's (`mjpeg`, `hls`, `rtsp`) are not supported yet and are
 * refused with a clear message (409 NOT_SUPPORTED), as is a plain camera's night mode.
 */
export class CameraControls {
  constructor(private readonly cameras: CameraService) {}

  /**
   * `POST /controls/ptz/{cameraId}`: starts the move (ContinuousMove at the body's velocities for
   * `duration` ms). @throws HubError NOT_FOUND (unknown camera), NOT_SUPPORTED (no PTZ, disabled, or
   * a go2rtc camera)
   */
  ptz(id: string, body: PtzBody): PtzBody & { id: string } {
    const camera = this.cameras.householdCamera(id);
    if (!camera.ptz) throw new HubError("NOT_SUPPORTED", "this camera has no PTZ");
    if (camera.source.type !== "demo")
      throw new HubError("NOT_SUPPORTED", `PTZ of ${camera.source.type} cameras is not supported yet`);
    if (!this.cameras.get(id).enabled) throw new HubError("NOT_SUPPORTED", "camera is disabled");
    const head = this.cameras.simulated(id)?.ptz;
    if (!head) throw new HubError("NOT_SUPPORTED", "this camera has no PTZ");
    head.move(body);
    return { id, ...body };
  }

  /**
   * `POST controls/lights/nightmode/{cameraId}`: stores the night mode (the item's `nightmode`),
   * republishes `camera/config` and turns the demo picture's IR look on or off. @throws HubError
   * NOT_FOUND; NOT_SUPPORTED for a plain camera (`mjpeg`, `hls`, `rtsp`: the hub cannot switch its IR)
   */
  nightmode(id: string, body: NightmodeBody): Camera {
    const { type } = this.cameras.householdCamera(id).source;
    if (type === "mjpeg" || type === "hls" || type === "rtsp")
      throw new HubError(
        "NOT_SUPPORTED",
        `night mode of ${type} cameras is not supported: the hub cannot switch this camera's IR`,
      );
    return this.cameras.edit(id, { nightmode: body.mode });
  }
}
