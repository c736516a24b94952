import { afterEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  CameraHeartbeatPayloadSchema,
  CameraStatePayloadSchema,
  cameraHeartbeatTopic,
  cameraStateTopic,
  type CameraStatePayload,
} from "../../contract/camera-state";
import type { BrokerLink, PublishOptions } from "../broker/link";
import { startFakeMjpegCamera } from "../testing/fake-cameras";
import { freePort, until } from "../testing/harness";
import { CAMERA_MONITOR_TIMING, CameraMonitor, probeEveryMsOf, type MonitoredCameras } from "./monitor";
import { MjpegCameraClient } from "./sources/mjpeg";
import type { FrameSource } from "./source";
import { UpstreamFrames } from "./upstream/frames";

const TIMING = { checkMs: 50, signalTimeoutMs: 600, probeEveryMs: 60_000, heartbeatEveryMs: 400 };
const UPSTREAM = { lingerMs: 100, retryMs: 100, maxRetryMs: 200, readTimeoutMs: 600, firstFrameMs: 1_000 };

/** A broker link that records what the hub publishes. */
function recordingLink() {
  const published: { topic: string; payload: string; options: PublishOptions }[] = [];
  const link: BrokerLink = {
    description: "test",
    publish: (topic, payload, options) => void published.push({ topic, payload: payload.toString(), options }),
    subscribe: () => undefined,
    publishCommand: async () => undefined,
    close: async () => undefined,
  };
  const states = (id: string): CameraStatePayload[] =>
    published
      .filter((entry) => entry.topic === cameraStateTopic(id))
      .map((entry) => v.parse(CameraStatePayloadSchema, JSON.parse(entry.payload)));
  const heartbeats = (id: string) =>
    published
      .filter((entry) => entry.topic === cameraHeartbeatTopic(id))
      .map((entry) => v.parse(CameraHeartbeatPayloadSchema, JSON.parse(entry.payload)));
  return { link, published, states, heartbeats, last: (id: string) => states(id).at(-1) };
}

/** One camera `cam` on `source`, enabled unless `enabled.on` is cleared. */
function oneCamera(source: FrameSource | "unsupported" | "none", enabled = { on: true }): MonitoredCameras {
  return { ids: () => ["cam"], enabled: () => enabled.on, frameSource: () => source };
}

describe("CameraMonitor: camera/state and camera/heartbeat from the frames a real MJPEG camera sends", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function watchedCamera(options: { viewers?: () => number; probeEveryMs?: number } = {}) {
    const camera = await startFakeMjpegCamera({ intervalMs: 40 });
    cleanups.push(() => camera.close());
    const frames = new UpstreamFrames(new MjpegCameraClient({ url: `${camera.url}/video.mjpg` }), UPSTREAM);
    cleanups.push(() => frames.close());
    const recorded = recordingLink();
    const monitor = new CameraMonitor({
      cameras: oneCamera(frames),
      link: recorded.link,
      viewers: options.viewers ?? (() => 0),
      timing: { ...TIMING, probeEveryMs: options.probeEveryMs ?? TIMING.probeEveryMs },
    }).start();
    cleanups.push(() => monitor.stop());
    return { camera, frames, recorded };
  }

  it("a watched camera is online while frames arrive; when it stops sending it has no signal since its last frame; online again when frames return", async () => {
    const viewers = { count: 0 };
    const { camera, frames, recorded } = await watchedCamera({ viewers: () => viewers.count });
    viewers.count = 1;
    const stop = frames.subscribe(() => undefined);
    cleanups.push(stop);
    await until(() => recorded.last("cam")?.state === "online" && recorded.last("cam")?.viewers === 1, 3_000, 20);
    expect(recorded.published.every((entry) => entry.options.retain)).toBe(true);

    camera.silent = true;
    const silencedAt = Date.now();
    await until(() => recorded.last("cam")?.state === "no-signal", 3_000, 20);
    const noSignal = recorded.last("cam")!;
    expect(noSignal.reason).toBeNull();
    expect(noSignal.since).toBe(noSignal.lastFrameAt);
    // since = the last frame the hub got, just before the camera fell silent
    expect(Math.abs(Date.parse(noSignal.since) - silencedAt)).toBeLessThan(300);
    expect(Date.now() - silencedAt).toBeGreaterThanOrEqual(TIMING.signalTimeoutMs - 50);

    camera.silent = false;
    await until(() => recorded.last("cam")?.state === "online", 3_000, 20);
    expect(Date.parse(recorded.last("cam")!.since)).toBeGreaterThan(Date.parse(noSignal.since));
  });

  it("the heartbeat carries the last frame's time and is throttled: a camera sending many frames a second gives at most one per heartbeat period, nothing while silent", async () => {
    const { camera, frames, recorded } = await watchedCamera();
    let received = 0;
    const stop = frames.subscribe(() => (received += 1));
    cleanups.push(stop);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const elapsed = Date.now() - started;
    const beats = recorded.heartbeats("cam");
    expect(beats.length).toBeGreaterThanOrEqual(2);
    expect(received).toBeGreaterThan(beats.length);
    expect(beats.length).toBeLessThanOrEqual(Math.ceil(elapsed / TIMING.heartbeatEveryMs) + 1);
    for (const beat of beats) {
      const age = Date.parse(beat.time) - Date.parse(beat.lastFrameAt);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(TIMING.heartbeatEveryMs);
    }
    expect(new Set(beats.map((beat) => beat.lastFrameAt)).size).toBe(beats.length);
    // one state message while online, however many frames came
    expect(recorded.states("cam").map((state) => state.state)).toEqual(["online"]);

    camera.silent = true;
    await until(() => recorded.last("cam")?.state === "no-signal", 3_000, 20);
    const count = recorded.heartbeats("cam").length;
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMING.heartbeatEveryMs));
    expect(recorded.heartbeats("cam").length).toBe(count);
  });

  it("a camera nobody watches is probed: online from one frame, the upstream closed again; silent at the next probe: no signal", async () => {
    const { camera, frames, recorded } = await watchedCamera({ probeEveryMs: 1_500 });
    await until(() => recorded.last("cam")?.state === "online", 3_000, 20);
    await until(() => !frames.streaming && camera.openStreams === 0, 3_000, 20);
    const opened = camera.streamsOpened;
    expect(recorded.last("cam")?.viewers).toBe(0);

    camera.silent = true;
    await until(() => recorded.last("cam")?.state === "no-signal", 5_000, 20);
    expect(camera.streamsOpened).toBeGreaterThan(opened);
    await until(() => camera.openStreams === 0, 3_000, 20);
  });

  it("a camera that cannot be reached is offline (unreachable); disabled it is offline (disabled) and not probed; without a frame source unsupported or unknown", async () => {
    const frames = new UpstreamFrames(
      new MjpegCameraClient({ url: `http://127.0.0.1:${await freePort()}/video.mjpg` }),
      UPSTREAM,
    );
    cleanups.push(() => frames.close());
    const recorded = recordingLink();
    const enabled = { on: true };
    const monitor = new CameraMonitor({
      cameras: oneCamera(frames, enabled),
      link: recorded.link,
      viewers: () => 0,
      timing: TIMING,
    }).start();
    cleanups.push(() => monitor.stop());
    await until(() => recorded.last("cam")?.state === "offline", 3_000, 20);
    expect(recorded.last("cam")).toMatchObject({ reason: "unreachable", lastFrameAt: null });

    enabled.on = false;
    await until(() => recorded.last("cam")?.reason === "disabled", 3_000, 20);
    await until(() => !frames.streaming, 3_000, 20);

    for (const [source, expected] of [
      ["unsupported", { state: "offline", reason: "unsupported" }],
      ["none", { state: "unknown", reason: null }],
    ] as const) {
      const other = recordingLink();
      const watcher = new CameraMonitor({
        cameras: oneCamera(source),
        link: other.link,
        viewers: () => 0,
        timing: TIMING,
      }).start();
      watcher.stop();
      expect(other.last("cam")).toMatchObject(expected);
    }
  });

  it("HUB_CAMERA_PROBE_MS sets the idle probe's period; 0 turns it off (nothing connects to a camera nobody watches); nonsense keeps 30 s", async () => {
    expect(probeEveryMsOf({ HUB_CAMERA_PROBE_MS: "60000" })).toBe(60_000);
    expect(probeEveryMsOf({ HUB_CAMERA_PROBE_MS: "0" })).toBe(0);
    for (const bad of [undefined, "", "abc", "-5", "10", "1.5e3x"])
      expect(probeEveryMsOf({ HUB_CAMERA_PROBE_MS: bad })).toBe(CAMERA_MONITOR_TIMING.probeEveryMs);

    const camera = await startFakeMjpegCamera({ intervalMs: 40 });
    cleanups.push(() => camera.close());
    const frames = new UpstreamFrames(new MjpegCameraClient({ url: `${camera.url}/video.mjpg` }), UPSTREAM);
    cleanups.push(() => frames.close());
    const recorded = recordingLink();
    const monitor = new CameraMonitor({
      cameras: oneCamera(frames),
      link: recorded.link,
      viewers: () => 0,
      timing: { ...TIMING, probeEveryMs: 0 },
    }).start();
    cleanups.push(() => monitor.stop());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(camera.streamsOpened).toBe(0);
    expect(recorded.published).toEqual([]);
    const stop = frames.subscribe(() => undefined);
    cleanups.push(stop);
    await until(() => recorded.last("cam")?.state === "online", 3_000, 20);
  });
});
