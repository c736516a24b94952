import { CAMERA_CONFIG_TOPIC, type CameraConfigPayload } from "../../contract/camera-state";
import type { Camera, CameraConfigBody } from "../../contract/cameras";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import { Go2rtcClient } from "./go2rtc/client";
import type { HouseholdCamera } from "./household";
import { MjpegCameraClient } from "./sources/mjpeg";
import { ffmpegMissing, RTSP_FRAMES_TIMING, RtspMjpeg, type RtspLog } from "./sources/rtsp";
import { SIM_FPS, SimulatedCamera, type FrameSource } from "./source";
import type { CameraEditStore } from "./store";
import { UpstreamFrames } from "./upstream/frames";

/** Options of {@link CameraService} beyond the cameras: Debian's ffmpeg (RTSP cameras; null: none) and the log its failures go to. */
export interface CameraServiceOptions {
  ffmpeg?: string | null | undefined;
  log?: RtspLog | undefined;
}

/** `camera/config` (DESIGN.md §3): `{cameras: [{id, motion, sound, nightmode}]}`, retained (the contract's camera-state.ts). */
export { CAMERA_CONFIG_TOPIC };

/**
 * The household's cameras (spec §3, §7): each camera item is the household file's camera with its
 * stored edits laid over it, and each camera has a frame source (the hub's simulated picture for
 * source `demo`; ONE shared upstream per camera for `go2rtc` and `mjpeg`, and for `rtsp` ffmpeg's
 * MJPEG when the hub has ffmpeg; none for `hls`). Publishes `camera/config` (retained) at start and
 * after each edit or motion change. Unknown ids are NOT_FOUND (404).
 */
export class CameraService {
  private readonly sources = new Map<string, FrameSource>();
  /** Cameras whose motion is on now (a demo motion event while its clip records; `camera/config` `motion`). */
  private readonly motion = new Set<string>();
  /** What ONVIF cameras without `ptz` in the household file said of their PTZ service. */
  private readonly detectedPtz = new Map<string, boolean>();

  /** `demoFps`: frames per second of the simulated (`demo`) cameras (HUB_DEMO_CAMERA_FPS; default {@link SIM_FPS}). */
  constructor(
    private readonly cameras: readonly HouseholdCamera[],
    private readonly edits: CameraEditStore,
    private readonly link: BrokerLink,
    demoFps: number = SIM_FPS,
    private readonly options: CameraServiceOptions = {},
  ) {
    for (const camera of cameras) {
      const source = this.sourceOf(camera, demoFps);
      if (source) this.sources.set(camera.id, source);
    }
    for (const camera of cameras) this.syncNight(camera.id);
  }

  /**
   * `POST /config/cameras/reload` (spec §7): publishes `camera/config` again (household file plus
   * stored edits) and returns the cameras.
   */
  reload(): Camera[] {
    this.publishConfig();
    return this.list();
  }

  /** Publishes `camera/config` (retained), so a dashboard has it from the hub's start; returns this. */
  start(): this {
    this.publishConfig();
    return this;
  }

  /** The camera ids, household order. */
  ids(): string[] {
    return this.cameras.map((camera) => camera.id);
  }

  /** Whether camera `id` is enabled now (the household file and its stored edit); false for an unknown id. */
  enabled(id: string): boolean {
    const camera = this.cameras.find((candidate) => candidate.id === id);
    return camera ? (this.edits.get(id).enabled ?? camera.enabled) : false;
  }

  /**
   * Camera `id`'s frame source whether or not it is enabled (the health monitor's view), or why it
   * has none: `unsupported` (an `rtsp` camera with MJPEG on a hub without ffmpeg), `none` (nothing
   * to watch: an `hls` source, MJPEG off, or an unknown id).
   */
  frameSource(id: string): FrameSource | "unsupported" | "none" {
    const source = this.sources.get(id);
    if (source) return source;
    const camera = this.cameras.find((candidate) => candidate.id === id);
    return camera?.source.type === "rtsp" && camera.mjpeg ? "unsupported" : "none";
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
    this.syncNight(id);
    this.publishConfig();
    return this.item(camera);
  }

  /**
   * The frame source of camera `id`. @throws HubError NOT_FOUND (unknown, disabled, or a camera
   * without MJPEG: source `hls`), NOT_SUPPORTED (an `rtsp` camera on a hub without ffmpeg)
   */
  frames(id: string): FrameSource {
    const item = this.get(id);
    if (!item.enabled) throw new HubError("NOT_FOUND", "camera is disabled");
    const source = this.sources.get(id);
    if (source) return source;
    if (this.find(id).source.type === "rtsp" && item.mjpeg) throw ffmpegMissing();
    throw new HubError("NOT_FOUND", "this camera has no MJPEG");
  }

  /** The frame source of camera `id` if it is a simulated one (demo: stall it), else null. */
  simulated(id: string): SimulatedCamera | null {
    const source = this.sources.get(id);
    return source instanceof SimulatedCamera ? source : null;
  }

  /** The household file's camera `id` (its source and PTZ capability). @throws HubError NOT_FOUND */
  householdCamera(id: string): HouseholdCamera {
    return this.find(id);
  }

  /**
   * Camera `id` (ONVIF, no `ptz` in the household file) says it has PTZ or not: its item's `ptz` follows,
   * and `camera/config` is published again when that changes, so the camera screens fetch their items anew
   * (the PTZ pad shows). A household `ptz` always wins.
   */
  setDetectedPtz(id: string, hasPtz: boolean): void {
    if (this.detectedPtz.get(id) === hasPtz) return;
    this.detectedPtz.set(id, hasPtz);
    if (this.find(id).ptz === undefined) this.publishConfig();
  }

  /** Sets camera `id`'s motion flag (published in `camera/config` when it changes). */
  setMotion(id: string, on: boolean): void {
    if (this.motion.has(id) === on) return;
    if (on) this.motion.add(id);
    else this.motion.delete(id);
    this.publishConfig();
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

  /** The frame source of `camera`'s MJPEG, or null when it has none (source `hls`, mjpeg off, rtsp without ffmpeg). */
  private sourceOf(camera: HouseholdCamera, demoFps: number): FrameSource | null {
    const { source } = camera;
    switch (source.type) {
      case "demo":
        return new SimulatedCamera(source.hue, demoFps);
      case "go2rtc":
        return new UpstreamFrames(new Go2rtcClient(source));
      case "mjpeg":
        return camera.mjpeg ? new UpstreamFrames(new MjpegCameraClient(source)) : null;
      case "rtsp":
        return camera.mjpeg && this.options.ffmpeg
          ? new UpstreamFrames(
              new RtspMjpeg(this.options.ffmpeg, source, this.options.log ?? console),
              RTSP_FRAMES_TIMING,
            )
          : null;
      case "hls":
        return null;
    }
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
      ptz: camera.ptz ?? this.detectedPtz.get(camera.id) ?? false,
    };
  }

  /** The simulated picture follows the camera's night mode (dark grey, IR-like, while on). */
  private syncNight(id: string): void {
    const simulated = this.simulated(id);
    if (simulated) simulated.night = this.edits.get(id).nightmode ?? false;
  }

  private publishConfig(): void {
    const payload: CameraConfigPayload = {
      cameras: this.list().map((camera) => ({
        id: camera.id,
        motion: this.motion.has(camera.id),
        sound: false,
        nightmode: camera.nightmode,
      })),
    };
    this.link.publish(CAMERA_CONFIG_TOPIC, JSON.stringify(payload), { retain: true, qos: 0 });
  }
}
