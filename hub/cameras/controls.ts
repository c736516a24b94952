import type { NightmodeBody, PtzBody } from "../../src/shared/contract/camera-controls";
import type { Camera } from "../../src/shared/contract/cameras";
import { HubError } from "../core/errors";
import type { CameraService } from "./service";

/**
 * Camera controls (spec §6, §7; issue 12): PTZ and night mode, each a command to the camera the
 * service knows. Only the hub's own demo cameras have a PTZ head today; a go2rtc camera's PTZ (its
 * ONVIF PTZ service) is not supported yet and is refused with a clear message.
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
    if (camera.source.type === "go2rtc") throw new HubError("NOT_SUPPORTED", "PTZ of go2rtc cameras is not supported yet");
    if (!this.cameras.get(id).enabled) throw new HubError("NOT_SUPPORTED", "camera is disabled");
    const head = this.cameras.simulated(id)?.ptz;
    if (!head) throw new HubError("NOT_SUPPORTED", "this camera has no PTZ");
    head.move(body);
    return { id, ...body };
  }

  /**
   * `POST controls/lights/nightmode/{cameraId}`: stores the night mode (the item's `nightmode`),
   * republishes `camera/config` and turns the demo picture's IR look on or off. @throws HubError NOT_FOUND
   */
  nightmode(id: string, body: NightmodeBody): Camera {
    return this.cameras.edit(id, { nightmode: body.mode });
  }
}
