import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordingsAnswerSchema, recordingsPath, type Recording } from "../../../contract/camera-controls";
import { CameraAnswerSchema, cameraPath } from "../../../contract/cameras";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { startRtspCamera, type RtspCamera } from "../../simulator/rtsp-camera";
import { loadFixture } from "../../testing/fixtures";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  type TestHub,
  until,
} from "../../testing/harness";
import { findFfmpeg } from "../hls/ffmpeg";

const V1 = DEFAULT_API_BASES.cameras;
const V5 = DEFAULT_API_BASES.camerasV5;
const LOGIN = { user: "admin", password: "tajne" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Zigbee2MQTT's state of "Hall motion" in the household fixture with `occupancy` set. */
function hallMotion(occupancy: boolean): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states["Hall motion"], occupancy });
}

/** The ffmpeg processes whose command line names `dir` (a pre-roll buffer's folder, the clips' folder). */
function ffmpegsUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args[0]?.endsWith("ffmpeg") && args.some((arg) => arg.includes(dir))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Whether process `pid` still runs (not a zombie). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \([^)]*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The video file's duration, seconds, as ffprobe reads it. */
function durationOf(path: string): number {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]);
  return Number(out.toString().trim());
}

describe("clips follow the camera's enabled state: a disabled camera buffers and records nothing", () => {
  let rtsp: RtspCamera;
  let hub: TestHub;
  let cookie: string;
  let dataDir: string;
  let buffer: string;
  const list = async (): Promise<Recording[]> =>
    (await jsonOf(await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie }), RecordingsAnswerSchema)).items;
  const setEnabled = async (enabled: boolean) => {
    const answer = await call(hub, "PATCH", `${V5}${cameraPath("brama")}`, { cookie, body: { config: { enabled } } });
    expect((await jsonOf(answer, CameraAnswerSchema)).item.enabled).toBe(enabled);
  };
  /** Finished segments in the buffer's list (the simulator's GOP is 2 s: one segment each 2 s). */
  const finished = () => {
    try {
      return readFileSync(join(buffer, "list.csv"), "utf8").trim().split("\n").length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    expect(findFfmpeg(), "these tests need Debian's ffmpeg and ffprobe (apt install ffmpeg)").not.toBeNull();
    rtsp = await startRtspCamera({ login: LOGIN });
    const file = join(tempDir("hub-clips-enabled-household-"), "household.json");
    writeFileSync(
      file,
      JSON.stringify({
        sensors: [
          {
            id: "ruch_brama",
            kind: "occupancy",
            place: "brama",
            label: "Ruch przy bramie",
            room: "Podjazd",
            source: { type: "zigbee2mqtt", device: "Hall motion", property: "occupancy" },
          },
        ],
        cameras: [
          {
            id: "brama",
            label: "Brama",
            source: { type: "rtsp", url: rtsp.url.replace("rtsp://", `rtsp://${LOGIN.user}:${LOGIN.password}@`) },
            record: { motionSensor: "ruch_brama", seconds: 5, preSeconds: 3 },
          },
        ],
      }),
    );
    dataDir = tempDir("hub-clips-enabled-data-");
    buffer = join(dataDir, "clips-preroll", "brama");
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort(), dataDir });
    cookie = await login(hub);
  }, 30_000);
  afterAll(async () => {
    await hub?.cleanup();
    await rtsp?.close();
  });

  it("disabling ends the clip being recorded, stops the buffer's ffmpeg and its stream and records no clip on motion; enabling buffers again and the clip has its pre-roll, starting at its first buffered picture", async () => {
    await until(() => finished() >= 2, 15_000, 200);
    const [first] = ffmpegsUnder(buffer);
    expect(first).toBeDefined();
    // the buffer's stream pull, and the health monitor's probe (its MJPEG ffmpeg lingers 30 s after use)
    const pulls = rtsp.playing;
    expect(pulls).toBeGreaterThanOrEqual(1);

    const gateway = await connectDevice(hub, "zigbee2mqtt");
    const motion = (occupancy: boolean) =>
      gateway.publishAsync("zigbee2mqtt/Hall motion", hallMotion(occupancy), { qos: 1 });
    try {
      // a clip is recording (the motion goes on: it would record up to maxSeconds, 120 s) when the camera is disabled
      const recordingAt = Date.now();
      await motion(true);
      await until(() => ffmpegsUnder(`${join(dataDir, "clips")}/`).length === 1, 5_000, 50);
      await sleep(2_000);
      const disabledAt = Date.now();
      await setEnabled(false);
      await until(() => !alive(first!), 5_000, 50);
      expect(ffmpegsUnder(buffer)).toEqual([]);
      await until(() => rtsp.playing <= pulls - 1, 5_000, 50);
      expect(existsSync(buffer)).toBe(false);
      let cut: Recording | undefined;
      while (!cut && Date.now() - disabledAt < 10_000) {
        cut = (await list())[0];
        if (!cut) await sleep(200);
      }
      expect(cut, "the clip did not end within 10 s of disabling").toBeDefined();
      const untilPatch = (disabledAt - recordingAt) / 1000;
      expect(cut!.durationMs / 1000).toBeLessThan(untilPatch + 5 + 1.5); // its pre-roll (≤ 5 s) and the live part to the PATCH
      await motion(false);
      await until(() => ffmpegsUnder(`${join(dataDir, "clips")}/`).length === 0, 5_000, 50);
      const idle = rtsp.playing;

      await motion(true);
      await sleep(1_500);
      // no clip's ffmpeg, no buffer restarted by the motion or by a backoff, nothing more listed
      expect(ffmpegsUnder(`${join(dataDir, "clips")}/`)).toEqual([]);
      expect(ffmpegsUnder(buffer)).toEqual([]);
      expect(rtsp.playing).toBeLessThanOrEqual(idle);
      await motion(false);
      expect((await list()).map((item) => item.id)).toEqual([cut!.id]);

      await setEnabled(true);
      await until(() => ffmpegsUnder(buffer).length === 1, 5_000, 50);
      expect(ffmpegsUnder(buffer)[0]).not.toBe(first);
      await until(() => finished() >= 2, 15_000, 200);
      const motionAt = Date.now();
      await motion(true);
      await sleep(1_000);
      await motion(false);
      const endedAt = Date.now();
      let clip: Recording | undefined;
      while (!clip && Date.now() - motionAt < 30_000) {
        clip = (await list()).find((item) => item.id !== cut!.id);
        if (!clip) await sleep(200);
      }
      expect(clip, "no clip within 30 s").toBeDefined();
      const duration = durationOf(join(dataDir, "clips", `${clip!.id}.mp4`));
      // live: from the motion to `seconds` (5 s) after it ended; the rest is the pre-roll kept
      const live = (endedAt + 5_000 - motionAt) / 1000;
      const kept = duration - live;
      expect(kept).toBeGreaterThan(1.5);
      // startedAt is the first buffered picture's time: the motion's minus the pre-roll kept
      const before = (motionAt - Date.parse(clip!.startedAt)) / 1000;
      expect(before).toBeGreaterThanOrEqual(3 - 0.5);
      expect(Math.abs(before - kept)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(clip!.durationMs / 1000 - duration)).toBeLessThan(0.1);
    } finally {
      gateway.end(true);
    }
  }, 60_000);
});
