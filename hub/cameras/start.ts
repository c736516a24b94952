import type { FastifyInstance } from "fastify";
import { join } from "node:path";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import type { Db } from "../core/db";
import type { SessionRegistry } from "../core/session-registry";
import type { Household } from "../household/schema";
import { simulatedCameraMotion } from "../simulator/camera-motion";
import { simulatedDoorbell } from "../simulator/doorbell";
import { CameraControls } from "./controls";
import { startFrigate } from "./frigate/start";
import { cameraControlsRoutes } from "./controls-routes";
import { ClipFiles } from "./recordings/clip";
import type { ClipRecorder } from "./recordings/clips-source";
import { startClipRecorder } from "./recordings/clips-start";
import { recordingsRoutes } from "./recordings/routes";
import { Recordings } from "./recordings/recordings";
import { RecordingsService } from "./recordings/service";
import { RecordingStore } from "./recordings/store";
import { startDoorbellBridge } from "./doorbell";
import { hlsRoutes } from "./hls/routes";
import { HlsService } from "./hls/service";
import { DemoHls } from "./hls/demo";
import { FfmpegHls, findFfmpeg } from "./hls/ffmpeg";
import { StreamLimiter } from "./mjpeg";
import { onvifTimingOf } from "./onvif/timing";
import { OnvifService } from "./onvif/service";
import { CAMERA_MONITOR_TIMING, CameraMonitor, probeEveryMsOf } from "./monitor";
import { rtcRoutes } from "./rtc/routes";
import { RTC_LIMITS, RtcService } from "./rtc/service";
import { camerasConfigRoutes, camerasRoutes, camerasV5Routes, MJPEG_LIMITS } from "./routes";
import { CameraService } from "./service";
import { CameraEditStore } from "./store";
import { liveStreamsRoutes } from "./streams-routes";

/** The camera domain as server.ts composes it: the routes of both camera bases and the cleanup. */
export interface CamerasDomain {
  service: CameraService;
  /** Recordings of motion clips. */
  recordings: RecordingsService;
  /** Clips ffmpeg records from rtsp and go2rtc cameras with `record` (ONVIF motion events go to its `motion`). */
  clips: ClipRecorder;
  /** WebRTC answers (demo clips, go2rtc): its `open` peer connections. */
  rtc: RtcService;
  /** The household's ONVIF cameras: PTZ, presets, night mode, motion events (`onMotion`). */
  onvif: OnvifService;
  /** Routes of `/api/cameras/v1`. */
  routes: (app: FastifyInstance) => Promise<void>;
  /** Routes of `/api/cameras/v5`. */
  v5Routes: (app: FastifyInstance) => Promise<void>;
  /** Routes of the general bases (`POST /config/cameras/reload`). */
  configRoutes: (app: FastifyInstance) => Promise<void>;
  close(): void;
}

/**
 * Builds the camera domain: the household's cameras with their stored edits
 * (`camera_edits`), their HLS (`hls/`: the demo clip looped live, go2rtc and a camera's own HLS
 * proxied, RTSP through ffmpeg), their MJPEG (one shared upstream per camera), their WebRTC
 * answers (rtc/: the hub's own for demo cameras, go2rtc's for go2rtc cameras; closed with the
 * domain), the doorbell bridge when the household has a
 * doorbell, and in demo mode with the simulator the demo-only `POST /demo/doorbell` that presses the
 * simulated doorbell button from the device end and `POST /demo/cameras/{cameraId}/stall` that
 * stalls a simulated camera. `demoCameraFps` (HUB_DEMO_CAMERA_FPS) sets the simulated cameras'
 * frame rate (default 5; the long-run benchmark raises it). Controls and recordings: PTZ,
 * night mode, the clips ffmpeg records around motion from rtsp and go2rtc cameras with `record`
 * (`<dataDir>/clips`, table `camera_clips`: recordings/clips-start.ts; listed before the rest), the
 * recordings under `<dataDir>/recordings` (table `recordings`), and in demo mode the
 * simulated motion events that record clips (`POST /demo/motion/{cameraId}` raises one). Every live
 * stream, HLS answer and playback is held under its session in `sessions` (lock, logout and revoke
 * end them; disabling a camera ends its streams). Each camera's `camera/state/<id>` and
 * `camera/heartbeat/<id>` come from its frames (monitor.ts).
 */
export function startCameras(options: {
  household: Household;
  db: Db;
  link: BrokerLink;
  log: HubLogger;
  demo: boolean;
  dataDir: string;
  demoCameraFps?: number | undefined;
  /** What each session holds open: every stream is registered there, so a session's end closes its streams. */
  sessions?: SessionRegistry | undefined;
  /** The hub's device router the doorbell's presses are read through (absent = one of the doorbell's own). */
  router?: DeviceRouter | undefined;
  /** Counts and keeps the reason of device input refused (the device registry's `report`): Frigate's messages. */
  report?: ((reason: string) => void) | undefined;
}): CamerasDomain {
  // Debian's ffmpeg, when present: the demo cameras' live HLS test source, and RTSP cameras' HLS and MJPEG.
  const ffmpeg = findFfmpeg();
  const cameras = options.household.cameras ?? [];
  const rtspLog = { warn: (message: string) => options.log.warn(message) };
  if (!ffmpeg && cameras.some((camera) => camera.source.type === "rtsp")) {
    options.log.warn(
      "cameras: RTSP cameras need ffmpeg on the hub (apt install ffmpeg, or HUB_FFMPEG=<path>); until then they answer 409 NOT_SUPPORTED",
    );
  }
  const service = new CameraService(cameras, new CameraEditStore(options.db), options.link, options.demoCameraFps, {
    ffmpeg,
    log: rtspLog,
  }).start();
  // ONVIF cameras (household `onvif`): PTZ, presets, night mode; their motion events set the camera's motion flag.
  const onvif = new OnvifService(cameras, { warn: (message) => options.log.warn(message) }, onvifTimingOf());
  onvif.onMotion((cameraId, active) => service.setMotion(cameraId, active));
  onvif.start();
  // An ONVIF camera the household file does not say has PTZ or not says it itself.
  onvif.detectPtz(
    cameras.filter((camera) => camera.onvif !== undefined && camera.ptz === undefined).map((camera) => camera.id),
    (cameraId, hasPtz) => service.setDetectedPtz(cameraId, hasPtz),
  );
  const mjpegLimiter = new StreamLimiter(MJPEG_LIMITS.perCamera, MJPEG_LIMITS.total);
  const rtcLimiter = new StreamLimiter(RTC_LIMITS.perCamera, RTC_LIMITS.total);
  const rtc = new RtcService(
    service,
    new Map((options.household.cameras ?? []).map((camera) => [camera.id, camera.source])),
    { limiter: rtcLimiter },
  );
  // camera/state and camera/heartbeat from the frames that arrive (monitor.ts); viewers: the hub's MJPEG streams and WebRTC connections.
  const monitor = new CameraMonitor({
    cameras: service,
    link: options.link,
    viewers: (id) => mjpegLimiter.count(id) + rtcLimiter.count(id),
    timing: { ...CAMERA_MONITOR_TIMING, probeEveryMs: probeEveryMsOf() },
  }).start();
  const doorbell = options.household.doorbell;
  if (doorbell) startDoorbellBridge(options.link, doorbell, options.log, Date.now, options.router);
  const press = options.demo && doorbell ? simulatedDoorbell(options.link, doorbell) : undefined;
  const recordings = new RecordingsService({
    store: new RecordingStore(options.db),
    files: new ClipFiles(join(options.dataDir, "recordings")),
    cameras: service,
    link: options.link,
    log: options.log,
  }).start();
  // The household's Frigate: the recordings, motion and availability of the cameras that name it (frigate/).
  const frigate = startFrigate({
    config: options.household.frigate,
    cameras,
    link: options.link,
    log: options.log,
    router: options.router,
    report: options.report,
    onMotion: (cameraId, on) => {
      service.setMotion(cameraId, on);
      monitor.report(cameraId, "alive");
    },
    onAvailability: (cameraId, online) => monitor.report(cameraId, online ? "alive" : "unreachable"),
  });
  const clips = startClipRecorder({
    cameras,
    sensors: options.household.sensors ?? [],
    db: options.db,
    link: options.link,
    log: options.log,
    dataDir: options.dataDir,
    ffmpeg,
    setMotion: (id, on) => service.setMotion(id, on),
    enabled: (id) => service.enabled(id),
  });
  // The ONVIF motion events of cameras with `record.onvifEvents` start and extend their clips.
  onvif.onMotion((cameraId, active) => {
    if (clips.followsOnvifEvents(cameraId)) clips.motion(cameraId, active);
  });
  const motion = options.demo
    ? simulatedCameraMotion({
        link: options.link,
        cameraIds: service.list().map((camera) => camera.id),
        onMotion: (cameraId) => void recordings.record(cameraId),
      })
    : undefined;
  // The demo cameras' HLS: ffmpeg's live test source, the committed clip otherwise (and whenever ffmpeg fails).
  const demoHls = ffmpeg
    ? new FfmpegHls(ffmpeg, new DemoHls(), {}, { warn: (message) => options.log.warn(message) })
    : new DemoHls();
  const hls = new HlsService(cameras, service, demoHls, undefined, { ffmpeg, log: rtspLog });
  const v1Routes = [
    camerasRoutes({
      cameras: service,
      doorbell: press,
      stall: options.demo ? (id, ms) => service.stall(id, ms) : undefined,
      limiter: mjpegLimiter,
      sessions: options.sessions,
    }),
    cameraControlsRoutes({ controls: new CameraControls(service, onvif) }),
    recordingsRoutes({
      recordings: new Recordings([...(frigate ? [frigate] : []), clips, recordings], (error) =>
        options.log.warn({ err: error }, "recordings: a source did not answer"),
      ),
      motion,
      sessions: options.sessions,
    }),
    hlsRoutes({ hls, sessions: options.sessions }),
    liveStreamsRoutes({ cameras: service, sessions: options.sessions }),
  ];
  return {
    service,
    recordings,
    onvif,
    clips,
    rtc,
    routes: async (app) => {
      for (const routes of v1Routes) await routes(app);
    },
    v5Routes: async (app) => {
      await camerasV5Routes({ cameras: service, sessions: options.sessions })(app);
      await rtcRoutes({ rtc, sessions: options.sessions })(app);
    },
    configRoutes: camerasConfigRoutes({ cameras: service }),
    close: () => {
      monitor.stop();
      onvif.close();
      frigate?.close();
      motion?.stop();
      clips.close();
      recordings.close();
      rtc.close();
      hls.close();
      service.close();
    },
  };
}
