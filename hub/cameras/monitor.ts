import {
  CAMERA_HEARTBEAT_EVERY_MS,
  cameraHeartbeatTopic,
  cameraStateTopic,
  type CameraHeartbeatPayload,
  type CameraOfflineReason,
  type CameraStateName,
  type CameraStatePayload,
} from "../../contract/camera-state";
import type { BrokerLink } from "../broker/link";
import type { FrameSource } from "./source";

/** Timing of the {@link CameraMonitor}, milliseconds. */
export interface CameraMonitorTiming {
  /** How often the monitor looks at watched cameras, viewer counts and heartbeats. */
  checkMs: number;
  /** A watched camera that sends no frame this long has no signal. */
  signalTimeoutMs: number;
  /** A camera nobody watches is probed this often: subscribed to until a frame comes or {@link signalTimeoutMs} passes; 0: never. */
  probeEveryMs: number;
  /** The most often a camera's heartbeat is published while its frames arrive. */
  heartbeatEveryMs: number;
}

/** Defaults: check every 1 s, no signal after 5 s without a frame (the upstream's stall timeout), probe every 30 s, heartbeat at most every 10 s. */
export const CAMERA_MONITOR_TIMING: CameraMonitorTiming = {
  checkMs: 1_000,
  signalTimeoutMs: 5_000,
  probeEveryMs: 30_000,
  heartbeatEveryMs: CAMERA_HEARTBEAT_EVERY_MS,
};

/**
 * The idle probe's period from `HUB_CAMERA_PROBE_MS`: whole milliseconds, at least 1000; `0` turns
 * the probe off (a camera's state then comes only from its viewers' frames). Unset or invalid: the
 * default ({@link CAMERA_MONITOR_TIMING}, 30 s).
 */
export function probeEveryMsOf(env: NodeJS.ProcessEnv = process.env): number {
  const setting = env.HUB_CAMERA_PROBE_MS;
  const value = setting === undefined || setting.trim() === "" ? Number.NaN : Number(setting);
  if (value === 0) return 0;
  return Number.isInteger(value) && value >= 1_000 ? value : CAMERA_MONITOR_TIMING.probeEveryMs;
}

/** What the monitor needs of the cameras (CameraService has it). */
export interface MonitoredCameras {
  /** The camera ids, household order. */
  ids(): string[];
  /** Whether camera `id` is enabled now (its settings may change). */
  enabled(id: string): boolean;
  /** Camera `id`'s frame source, or why it has none: `unsupported` (RTSP without ffmpeg) or `none` (nothing to watch: HLS only). */
  frameSource(id: string): FrameSource | "unsupported" | "none";
}

/** Options of {@link CameraMonitor}. */
export interface CameraMonitorOptions {
  cameras: MonitoredCameras;
  link: BrokerLink;
  /** Live streams the hub serves of camera `id` now (MJPEG streams and the hub's own WebRTC connections). */
  viewers: (id: string) => number;
  timing?: CameraMonitorTiming;
  /** The clock, epoch ms (tests). */
  now?: () => number;
}

type Health = { name: CameraStateName; reason: CameraOfflineReason | null; since: number };

/** One camera's watch. */
interface Watch {
  id: string;
  health: Health | null;
  lastFrameAt: number | null;
  /** Since when the source has had listeners (viewers, a recording, a probe), null while it has none. */
  watchedSince: number | null;
  probe: { stop: () => void; startedAt: number } | null;
  lastProbeAt: number | null;
  /** The last state published, as `state|reason|viewers`. */
  published: string | null;
  heartbeatAt: number | null;
  heartbeatFrameAt: number | null;
  unwatch: (() => void) | null;
  /** Whether an NVR reports on this camera ({@link CameraMonitor.report}): a camera without frames of its own keeps what it says. */
  reported: boolean;
}

/**
 * Each camera's state and heartbeat from the frames that really arrive from it (spec §3 "camera
 * (heartbeat, state …)"; docs/contract.md "Camera state"), published retained on
 * `camera/state/<id>` and `camera/heartbeat/<id>`:
 * - a frame from the camera makes it `online` at once; a connection that fails before the camera
 *   answers makes it `offline` (`unreachable`); a camera that answered and then sent nothing, or a
 *   watched camera without a frame for {@link CameraMonitorTiming.signalTimeoutMs}, has `no-signal`
 *   since its last frame; a disabled camera is `offline` (`disabled`), one the hub cannot read
 *   (RTSP without ffmpeg) `offline` (`unsupported`), an HLS-only one `unknown`;
 * - a camera nobody watches is probed every {@link CameraMonitorTiming.probeEveryMs}: its source
 *   runs until the first frame or the signal timeout, so its state stays true without a viewer;
 * - the state is published when it, its reason or the viewer count changes (looked at every
 *   {@link CameraMonitorTiming.checkMs}); the heartbeat only after a new frame, at most every
 *   {@link CameraMonitorTiming.heartbeatEveryMs}, never at the camera's frame rate.
 * Never throws into the hub.
 */
export class CameraMonitor {
  private readonly watches: Watch[];
  private readonly timing: CameraMonitorTiming;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: CameraMonitorOptions) {
    this.timing = options.timing ?? CAMERA_MONITOR_TIMING;
    this.now = options.now ?? Date.now;
    this.watches = options.cameras.ids().map((id) => ({
      id,
      health: null,
      lastFrameAt: null,
      watchedSince: null,
      probe: null,
      lastProbeAt: null,
      published: null,
      heartbeatAt: null,
      heartbeatFrameAt: null,
      unwatch: null,
      reported: false,
    }));
  }

  /** Starts watching every camera (the first probes go out at once). */
  start(): this {
    for (const watch of this.watches) {
      const source = this.options.cameras.frameSource(watch.id);
      if (typeof source === "string") continue;
      watch.unwatch = source.watch({ frame: () => this.frame(watch), failed: (kind) => this.failed(watch, kind) });
    }
    this.check();
    this.timer = setInterval(() => this.check(), this.timing.checkMs);
    this.timer.unref();
    return this;
  }

  /** Stops watching and probing. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const watch of this.watches) {
      watch.probe?.stop();
      watch.probe = null;
      watch.unwatch?.();
      watch.unwatch = null;
    }
  }

  /**
   * What an NVR that watches camera `id` says of it (Frigate: motion, its stats, `<base>/available`):
   * `alive` counts as a frame that arrived now (online, heartbeat), `unreachable` makes it offline
   * (`unreachable`). Unknown ids are ignored.
   */
  report(id: string, what: "alive" | "unreachable"): void {
    const watch = this.watches.find((candidate) => candidate.id === id);
    if (!watch) return;
    watch.reported = true;
    if (what === "unreachable") {
      this.failed(watch, "unreachable");
      return;
    }
    this.frame(watch);
    this.publishHeartbeat(watch, this.now());
  }

  /** Looks at every camera once: enabled, watched, probes, no-signal, viewers, heartbeat. */
  check(): void {
    for (const watch of this.watches) {
      try {
        this.checkOne(watch);
      } catch {
        // one camera's trouble never stops the others, nor the hub
      }
    }
  }

  private checkOne(watch: Watch): void {
    const now = this.now();
    const { cameras } = this.options;
    if (!cameras.enabled(watch.id)) {
      this.endProbe(watch);
      this.set(watch, "offline", "disabled", now);
      this.publishState(watch);
      return;
    }
    const source = cameras.frameSource(watch.id);
    if (typeof source === "string") {
      if (watch.reported) {
        this.publishState(watch);
        this.publishHeartbeat(watch, now);
        return;
      }
      if (source === "unsupported") this.set(watch, "offline", "unsupported", now);
      else this.set(watch, "unknown", null, now);
      this.publishState(watch);
      return;
    }
    if (watch.health?.reason === "disabled") watch.health = null; // enabled again: wait for what the camera says
    const watched = source.listeners > 0;
    if (!watched) watch.watchedSince = null;
    else watch.watchedSince ??= now;
    const { signalTimeoutMs } = this.timing;
    const silentFor = now - Math.max(watch.lastFrameAt ?? 0, watch.watchedSince ?? now);
    const judged = watch.health?.name;
    if (
      watch.watchedSince !== null &&
      silentFor >= signalTimeoutMs &&
      (judged === undefined || judged === "online" || judged === "unknown")
    ) {
      this.set(watch, "no-signal", null, watch.lastFrameAt ?? watch.watchedSince);
    }
    if (
      watch.probe &&
      ((watch.lastFrameAt ?? 0) >= watch.probe.startedAt || now - watch.probe.startedAt >= signalTimeoutMs)
    )
      this.endProbe(watch);
    const { probeEveryMs } = this.timing;
    if (
      probeEveryMs > 0 &&
      !watched &&
      !watch.probe &&
      (watch.lastProbeAt === null || now - watch.lastProbeAt >= probeEveryMs)
    )
      this.startProbe(watch, source, now);
    this.publishState(watch);
    this.publishHeartbeat(watch, now);
  }

  private startProbe(watch: Watch, source: FrameSource, now: number): void {
    watch.lastProbeAt = now;
    watch.watchedSince = now;
    const probe = { stop: () => undefined as void, startedAt: now };
    watch.probe = probe;
    probe.stop = source.subscribe(() => undefined);
  }

  private endProbe(watch: Watch): void {
    const probe = watch.probe;
    watch.probe = null;
    probe?.stop();
  }

  private frame(watch: Watch): void {
    const now = this.now();
    watch.lastFrameAt = now;
    if (watch.health?.name === "online" || !this.options.cameras.enabled(watch.id)) return;
    this.set(watch, "online", null, now);
    this.publishState(watch);
  }

  private failed(watch: Watch, kind: "unreachable" | "no-signal"): void {
    const now = this.now();
    if (!this.options.cameras.enabled(watch.id)) return;
    if (kind === "unreachable") this.set(watch, "offline", "unreachable", now);
    else if (watch.lastFrameAt === null || now - watch.lastFrameAt >= this.timing.signalTimeoutMs)
      this.set(watch, "no-signal", null, watch.lastFrameAt ?? now);
    else return;
    this.publishState(watch);
  }

  /** Sets the camera's health; `since` only moves when the state or its reason changes. */
  private set(watch: Watch, name: CameraStateName, reason: CameraOfflineReason | null, since: number): void {
    if (watch.health?.name === name && watch.health.reason === reason) return;
    watch.health = { name, reason, since };
  }

  private publishState(watch: Watch): void {
    const health = watch.health;
    if (!health) return;
    const viewers = this.options.viewers(watch.id);
    const key = `${health.name}|${health.reason ?? ""}|${viewers}`;
    if (key === watch.published) return;
    watch.published = key;
    const payload: CameraStatePayload = {
      state: health.name,
      reason: health.reason,
      since: new Date(health.since).toISOString(),
      lastFrameAt: watch.lastFrameAt === null ? null : new Date(watch.lastFrameAt).toISOString(),
      viewers,
      time: new Date(this.now()).toISOString(),
    };
    this.options.link.publish(cameraStateTopic(watch.id), JSON.stringify(payload), { retain: true, qos: 0 });
  }

  private publishHeartbeat(watch: Watch, now: number): void {
    if (watch.lastFrameAt === null || watch.lastFrameAt === watch.heartbeatFrameAt) return;
    if (watch.heartbeatAt !== null && now - watch.heartbeatAt < this.timing.heartbeatEveryMs) return;
    watch.heartbeatAt = now;
    watch.heartbeatFrameAt = watch.lastFrameAt;
    const payload: CameraHeartbeatPayload = {
      lastFrameAt: new Date(watch.lastFrameAt).toISOString(),
      time: new Date(now).toISOString(),
    };
    this.options.link.publish(cameraHeartbeatTopic(watch.id), JSON.stringify(payload), { retain: true, qos: 0 });
  }
}
