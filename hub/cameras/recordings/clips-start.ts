import { join } from "node:path";
import { CAMERA_CONFIG_TOPIC } from "../../../contract/camera-state";
import type { Sensor } from "../../../contract/sensors";
import type { BrokerLink, HubLogger } from "../../broker/link";
import type { Db } from "../../core/db";
import type { HouseholdCamera } from "../household";
import { recordUrlOf } from "./clips-config";
import { ClipFolder } from "./clips-files";
import { followMotionSensors } from "./clips-motion";
import { PrerollBuffers } from "./clips-preroll";
import { ClipRecorder, type ClipCamera, type ClipRecorderOptions } from "./clips-source";
import { ClipStore } from "./clips-store";

/**
 * Starts the clip recorder of the household's cameras with `record` (rtsp and go2rtc sources): clips
 * under `<dataDir>/clips`, rows in `camera_clips`, motion from each camera's `record.motionSensor`
 * (clips-motion.ts); ONVIF events reach it through {@link ClipRecorder.motion} for the cameras
 * {@link ClipRecorder.followsOnvifEvents} names. Without ffmpeg (`ffmpeg` null) the hub warns once
 * when a camera has `record`, and nothing is recorded. The cameras with `record.preSeconds` get a
 * rolling buffer (`<dataDir>/clips-preroll/<cameraId>`, clips-preroll.ts: one more ffmpeg each, from
 * the start on); without it no buffering ffmpeg runs. A camera disabled (`enabled` false) records
 * nothing and its buffer's ffmpeg is stopped; `enabled` is read at start and again on each
 * `camera/config` the hub publishes (after every camera edit, CameraService), so enabling it starts
 * the buffer again.
 */
export function startClipRecorder(options: {
  cameras: readonly HouseholdCamera[];
  sensors: readonly Sensor[];
  db: Db;
  link: BrokerLink;
  log: HubLogger;
  dataDir: string;
  ffmpeg: string | null;
  setMotion?: (cameraId: string, on: boolean) => void;
  enabled?: (cameraId: string) => boolean;
  /** Test and tuning overrides (prune limits, concurrency, clock). */
  tuning?: Pick<ClipRecorderOptions, "limits" | "concurrent" | "now">;
}): ClipRecorder {
  const cameras: ClipCamera[] = [];
  for (const camera of options.cameras) {
    const url = camera.record ? recordUrlOf(camera) : null;
    if (camera.record && url) cameras.push({ id: camera.id, url, record: camera.record });
  }
  if (cameras.length > 0 && !options.ffmpeg)
    options.log.warn(
      "cameras: recording clips needs ffmpeg on the hub (apt install ffmpeg, or HUB_FFMPEG=<path>); until then nothing is recorded",
    );
  const buffered = cameras.map((camera) => ({ id: camera.id, url: camera.url, preSeconds: camera.record.preSeconds }));
  const preroll =
    options.ffmpeg && buffered.some((camera) => camera.preSeconds > 0)
      ? new PrerollBuffers({
          dir: join(options.dataDir, "clips-preroll"),
          ffmpeg: options.ffmpeg,
          cameras: buffered,
          log: options.log,
          enabled: options.enabled,
        }).start()
      : undefined;
  const recorder = new ClipRecorder({
    cameras,
    store: new ClipStore(options.db),
    folder: new ClipFolder(join(options.dataDir, "clips")),
    ffmpeg: options.ffmpeg,
    link: options.link,
    log: options.log,
    setMotion: options.setMotion,
    enabled: options.enabled,
    preroll,
    ...options.tuning,
  }).start();
  followMotionSensors({
    cameras,
    sensors: options.sensors,
    link: options.link,
    log: options.log,
    motion: (cameraId, active) => recorder.motion(cameraId, active),
  });
  // the hub publishes `camera/config` after every camera edit: a camera enabled or disabled is read then
  if (cameras.length > 0 && options.enabled) options.link.subscribe(CAMERA_CONFIG_TOPIC, () => recorder.syncEnabled());
  return recorder;
}
