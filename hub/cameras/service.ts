import type { Camera, CameraConfigBody } from "../../src/shared/contract/cameras";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import type { HouseholdCamera } from "./household";
import { SIM_FPS, SimulatedCamera, type FrameSource } from "./source";
import type { CameraEditStore } from "./store";

/** `camera/config` (DESIGN.md §3): `{cameras: [{id, motion, sound, nightmode}]}`, retained. */
export const CAMERA_CONFIG_TOPIC = "camera/config";

/**
 * The household's cameras (spec §3, §7): each camera item is the household file's camera with its
 * stored edits laid over it, and each camera has a frame source (the hub's simulated picture for
 * source `demo`). Publishes `camera/config` (retained) after each edit. Unknown ids
 * are NOT_FOUND (404).
 */
export class CameraService {
  private readonly sources = new Map<string, FrameSource>();

  /** `demoFps`: frames per second of the simulated (`demo`) cameras (HUB_DEMO_CAMERA_FPS; default {@link SIM_FPS}). */
  constructor(
    private readonly cameras: readonly HouseholdCamera[],
    private readonly edits: CameraEditStore,
    private readonly link: BrokerLink,
    demoFps: number = SIM_FPS,
  ) {
    // A go2rtc camera's frame source is the proxied MJPEG of its gateway (issue 12, not built yet:
    // such a camera has no MJPEG until then).
    for (const camera of cameras) if (camera.source.type === "demo") this.sources.set(camera.id, new SimulatedCamera(camera.source.hue, demoFps));
  }

  /**
   * `POST /config/cameras/reload` (spec §7): publishes `camera/config` again (household file plus
   * stored edits) and returns the cameras.
   */
  reload(): Camera[] {
    this.publishConfig();
    return this.list();
  }

  /** Returns this (nothing is published until a camera is edited: a fresh hub keeps the live namespace quiet). */
  start(): this {
    return this;
  }

  /** Every camera item, household order. */
  list(): Camera[] {
    return this.cameras.map((camera) => this.item(camera));
  }

  /** Camera `id`'s item. @throws HubError NOT_FOUND */
  get(id: string): Camera {
    return this.item(this.find(id));
  }

  /** Applies `config` to camera `id` (stored across restarts) and answers the item as it is now. @throws HubError NOT_FOUND */
  edit(id: string, config: CameraConfigBody["config"]): Camera {
    const camera = this.find(id);
    this.edits.merge(id, config);
    this.publishConfig();
    return this.item(camera);
  }

  /** The frame source of camera `id`. @throws HubError NOT_FOUND, or NOT_FOUND when the camera is disabled or has no MJPEG */
  frames(id: string): FrameSource {
    const item = this.get(id);
    const source = this.sources.get(id);
    if (!source || !item.enabled) throw new HubError("NOT_FOUND", "camera is disabled");
    return source;
  }

  /** The frame source of camera `id` if it is a simulated one (demo: stall it), else null. */
  simulated(id: string): SimulatedCamera | null {
    const source = this.sources.get(id);
    return source instanceof SimulatedCamera ? source : null;
  }

  /** Demo: camera `id` sends no frame for `ms` (its streams stay open). @throws HubError NOT_FOUND when it is unknown or not simulated */
  stall(id: string, ms: number): void {
    this.find(id);
    const source = this.simulated(id);
    if (!source) throw new HubError("NOT_FOUND", "camera is not simulated");
    source.pause(ms);
  }

  /** Stops every frame source. */
  close(): void {
    for (const source of this.sources.values()) source.close();
  }

  private find(id: string): HouseholdCamera {
    const camera = this.cameras.find((candidate) => candidate.id === id);
    if (!camera) throw new HubError("NOT_FOUND", "no such camera");
    return camera;
  }

  private item(camera: HouseholdCamera): Camera {
    const edit = this.edits.get(camera.id);
    return {
      id: camera.id,
      label: edit.label ?? camera.label,
      enabled: edit.enabled ?? camera.enabled,
      hls: camera.hls,
      mjpeg: camera.mjpeg,
      streams: { mobile: camera.mobile },
      nightmode: edit.nightmode ?? false,
      scaling: edit.scaling ?? camera.scaling,
      blackAndWhite: edit.blackAndWhite ?? camera.blackAndWhite,
    };
  }

  private publishConfig(): void {
    const cameras = this.list().map((camera) => ({ id: camera.id, motion: false, sound: false, nightmode: camera.nightmode }));
    this.link.publish(CAMERA_CONFIG_TOPIC, JSON.stringify({ cameras }), { retain: true, qos: 0 });
  }
}
