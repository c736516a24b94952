import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jpeg from "jpeg-js";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RecordingAnswerSchema,
  RecordingsAnswerSchema,
  recordingLockPath,
  recordingPath,
  recordingsPath,
  type Recording,
} from "../../../contract/camera-controls";
import { DEVICES_PATH, DevicesAnswerSchema } from "../../../contract/devices";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { startRtspCamera, type RtspCamera } from "../../simulator/rtsp-camera";
import { startOnvifCamera, type OnvifCameraSimulator } from "../../testing/onvif-camera";
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
import { DEMO_CLIP_DIR } from "../hls/demo";
import { findFfmpeg } from "../hls/ffmpeg";

const V1 = DEFAULT_API_BASES.cameras;
const GENERAL = DEFAULT_API_BASES.general;
const LOGIN = { user: "admin", password: "tajne" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What ffprobe (Debian's, beside ffmpeg) reads of a video file: its duration in seconds and video codec and profile. */
function probe(path: string): { duration: number; codec: string; profile: string } {
  const out = execFileSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "format=duration:stream=codec_name,profile",
    "-of",
    "json",
    path,
  ]).toString();
  const json = JSON.parse(out) as { format: { duration: string }; streams: { codec_name: string; profile: string }[] };
  return {
    duration: Number(json.format.duration),
    codec: json.streams[0]!.codec_name,
    profile: json.streams[0]!.profile,
  };
}

/** Zigbee2MQTT's state of `name` in the household fixture with `change` laid over it. */
function stateOf(name: string, change: Record<string, unknown>): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states[name], ...change });
}

/**
 * A household with RTSP cameras that record clips: `garaz` on a household occupancy sensor
 * (Zigbee2MQTT RTCGQ11LM "Hall motion"), `taras` on an adopted device's contact ("Balcony door"),
 * and, given an ONVIF camera, `wjazd` on its own ONVIF motion events.
 */
function household(garaz: RtspCamera, taras: RtspCamera, onvif?: OnvifCameraSimulator): string {
  const file = join(tempDir("hub-clips-household-"), "household.json");
  const withLogin = (camera: RtspCamera) => camera.url.replace("rtsp://", `rtsp://${LOGIN.user}:${LOGIN.password}@`);
  writeFileSync(
    file,
    JSON.stringify({
      sensors: [
        {
          id: "ruch_garaz",
          kind: "occupancy",
          place: "garaz",
          label: "Ruch w garażu",
          room: "Garaż",
          source: { type: "zigbee2mqtt", device: "Hall motion", property: "occupancy" },
        },
      ],
      cameras: [
        {
          id: "garaz",
          label: "Garaż",
          source: { type: "rtsp", url: withLogin(garaz) },
          record: { motionSensor: "ruch_garaz", seconds: 5, maxSeconds: 10 },
        },
        {
          id: "taras",
          label: "Taras",
          source: { type: "rtsp", url: withLogin(taras) },
          record: { motionSensor: "zigbee2mqtt:Balcony door", seconds: 5, maxSeconds: 60 },
        },
        ...(onvif
          ? [
              {
                id: "wjazd",
                label: "Wjazd",
                source: { type: "rtsp", url: withLogin(garaz) },
                onvif: { url: onvif.url, username: "admin", password: "kamera-onvif" },
                record: { onvifEvents: true, seconds: 5 },
              },
            ]
          : []),
      ],
    }),
  );
  return file;
}

describe("clips around motion, recorded by ffmpeg from RTSP cameras (no NVR)", () => {
  let garazCamera: RtspCamera;
  let tarasCamera: RtspCamera;
  let onvifCamera: OnvifCameraSimulator;
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  let householdPath: string;
  let dataDir: string;
  const list = async (cameraId: string): Promise<Recording[]> =>
    (await jsonOf(await call(hub, "GET", `${V1}${recordingsPath(cameraId)}`, { cookie }), RecordingsAnswerSchema))
      .items;
  const nextClip = async (cameraId: string, before: number, ms = 40_000): Promise<Recording> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const items = await list(cameraId);
      if (items.length > before) return items[0]!;
      await sleep(200);
    }
    throw new Error(`no clip of ${cameraId} within ${ms} ms`);
  };
  const fileOf = (id: string) => join(dataDir, "clips", `${id}.mp4`);

  beforeAll(async () => {
    expect(findFfmpeg(), "these tests need Debian's ffmpeg and ffprobe (apt install ffmpeg)").not.toBeNull();
    garazCamera = await startRtspCamera({ login: LOGIN });
    tarasCamera = await startRtspCamera({ login: LOGIN });
    onvifCamera = await startOnvifCamera({ pullHoldMs: 300 });
    householdPath = household(garazCamera, tarasCamera, onvifCamera);
    dataDir = tempDir("hub-clips-data-");
    hub = await startTestHub({ householdConfigPath: householdPath, mqttPort: await freePort(), dataDir });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    for (let tries = 0; ; tries++) {
      const answer = await jsonOf(await call(hub, "GET", `${GENERAL}${DEVICES_PATH}`, { cookie }), DevicesAnswerSchema);
      if (answer.items.some((item) => item.id === "zigbee2mqtt:Balcony door")) break;
      if (tries > 50) throw new Error("the gateway's devices were not listed");
      await sleep(100);
    }
  }, 30_000);
  afterAll(async () => {
    gateway?.end(true);
    await hub?.cleanup();
    await garazCamera?.close();
    await tarasCamera?.close();
    await onvifCamera?.close();
  });

  it("occupancy from the sensor's own Zigbee2MQTT payload records one MP4 clip: a motion within `seconds` extends it, `maxSeconds` caps it; copied, not re-encoded; with a JPEG snapshot", async () => {
    expect(await list("garaz")).toEqual([]);
    const motion = (occupancy: boolean) =>
      gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion", { occupancy }), { qos: 1 });
    await motion(true);
    await sleep(2_000);
    await motion(false);
    await sleep(1_500);
    await motion(true); // within the 5 s after the last motion: the same clip goes on, to the 10 s cap
    const clip = await nextClip("garaz", 0);
    expect(clip).toMatchObject({ cameraId: "garaz", media: "mp4", snapshot: true, locked: false });
    expect(await list("garaz")).toHaveLength(1);
    const file = probe(fileOf(clip.id));
    expect(Math.abs(file.duration - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(clip.durationMs / 1000 - file.duration)).toBeLessThan(0.1);
    const source = probe(join(DEMO_CLIP_DIR, "seg0.mpegts"));
    expect([file.codec, file.profile]).toEqual([source.codec, source.profile]);
    expect(clip.bytes).toBe(readFileSync(fileOf(clip.id)).length);

    const snapshot = await call(hub, "GET", `${V1}${recordingPath(clip.id)}/snapshot.jpg`, { cookie });
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get("content-type")).toBe("image/jpeg");
    const picture = jpeg.decode(Buffer.from(await snapshot.arrayBuffer()), { useTArray: true });
    expect([picture.width, picture.height]).toEqual([640, 360]);
    await motion(false);
  }, 60_000);

  it("plays as video/mp4 with HTTP Range: 206 with the right bytes, the whole file, 416 past its end", async () => {
    const [clip] = await list("garaz");
    const bytes = readFileSync(fileOf(clip!.id));
    const part = await call(hub, "GET", `${V1}${recordingPath(clip!.id)}`, {
      cookie,
      headers: { range: "bytes=100-1099" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(true);
    const tail = await call(hub, "GET", `${V1}${recordingPath(clip!.id)}`, {
      cookie,
      headers: { range: "bytes=-500" },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const whole = await call(hub, "GET", `${V1}${recordingPath(clip!.id)}`, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const past = await call(hub, "GET", `${V1}${recordingPath(clip!.id)}`, {
      cookie,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const anonymous = await call(hub, "GET", `${V1}${recordingPath(clip!.id)}`, { headers: { range: "bytes=0-9" } });
    expect(anonymous.status).toBe(401);
  });

  it("the lock toggles and reads back; a locked clip cannot be deleted, an unlocked one can", async () => {
    const [clip] = await list("garaz");
    const locked = await call(hub, "PATCH", `${V1}${recordingLockPath(clip!.id)}`, { cookie });
    expect((await jsonOf(locked, RecordingAnswerSchema)).item.locked).toBe(true);
    expect((await call(hub, "DELETE", `${V1}${recordingPath(clip!.id)}`, { cookie })).status).toBe(409);
    const unlocked = await call(hub, "PATCH", `${V1}${recordingLockPath(clip!.id)}`, { cookie });
    expect((await jsonOf(unlocked, RecordingAnswerSchema)).item.locked).toBe(false);
  });

  it("an adopted contact sensor opening records until `seconds` after it closes; the camera going down mid-clip keeps what was recorded", async () => {
    const door = (contact: boolean) =>
      gateway.publishAsync("zigbee2mqtt/Balcony door", stateOf("Balcony door", { contact }), { qos: 1 });
    await door(false); // open: motion
    await sleep(1_500);
    await door(true);
    const closedAt = Date.now();
    const clip = await nextClip("taras", 0);
    // it went on `seconds` (5 s) after the door closed, and no longer: listed once ffmpeg stopped and
    // the MP4 was finished; its picture spans at most the time from the motion to that stop (the
    // simulator's frames are paced by this process's timers, so a busy machine sends fewer)
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(5_000);
    const duration = probe(fileOf(clip.id)).duration;
    expect(duration).toBeGreaterThan(2);
    expect(duration).toBeLessThanOrEqual((closedAt + 5_000 - Date.parse(clip.startedAt)) / 1000 + 1);

    await door(false);
    await sleep(2_500);
    await tarasCamera.close(); // the camera drops off the network while recording
    const cut = await nextClip("taras", 1);
    const cutDuration = probe(fileOf(cut.id)).duration;
    expect(cutDuration).toBeGreaterThan(0.5);
    expect(cutDuration).toBeLessThan(4);
    expect(cut).toMatchObject({ media: "mp4", snapshot: true });
    expect((await call(hub, "GET", `${V1}${recordingsPath("garaz")}`, { cookie })).status).toBe(200);
  }, 60_000);

  it("the camera's own ONVIF motion events (PullPoint CellMotionDetector) record a clip when `record.onvifEvents`", async () => {
    expect(await list("wjazd")).toEqual([]);
    await until(() => onvifCamera.calls.some((call) => call.action === "PullMessages"), 10_000, 100);
    onvifCamera.motion(true);
    await sleep(1_000);
    onvifCamera.motion(false);
    const clip = await nextClip("wjazd", 0);
    expect(clip).toMatchObject({ cameraId: "wjazd", media: "mp4", snapshot: true });
    expect(probe(fileOf(clip.id)).duration).toBeGreaterThan(2);
  }, 60_000);

  it("a hub stopped mid-clip finishes the partial clip at its next start; files without a row are deleted", async () => {
    const before = (await list("garaz")).length;
    await gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion", { occupancy: true }), { qos: 1 });
    await sleep(4_000);
    gateway.end(true);
    writeFileSync(join(dataDir, "clips", "clip-1-00000000.mp4"), "not a clip of any row");
    await hub.close(); // kills the clip's ffmpeg: a fragmented .rec and an unfinished row are left
    hub = await startTestHub({ householdConfigPath: householdPath, mqttPort: await freePort(), dataDir });
    cookie = await login(hub);
    const recovered = await nextClip("garaz", before);
    expect(recovered.media).toBe("mp4");
    // what ffmpeg had written when it was killed: up to its last fragment (at most 1 s each)
    const duration = probe(fileOf(recovered.id)).duration;
    expect(duration).toBeGreaterThan(1.5);
    expect(duration).toBeLessThan(5);
    expect(() => readFileSync(join(dataDir, "clips", "clip-1-00000000.mp4"))).toThrow();
    gateway = await connectDevice(hub, "zigbee2mqtt");
  }, 60_000);
});

describe("clips without ffmpeg on the hub", () => {
  it("an occupancy payload records nothing, the list says so, and the hub keeps answering", async () => {
    const rtsp = await startRtspCamera();
    const saved = process.env.HUB_FFMPEG;
    process.env.HUB_FFMPEG = "off";
    const hub = await startTestHub({ householdConfigPath: household(rtsp, rtsp), mqttPort: await freePort() });
    try {
      const cookie = await login(hub);
      const gateway = await connectDevice(hub, "zigbee2mqtt");
      await gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion", { occupancy: true }), { qos: 1 });
      await sleep(1_500);
      const answer = await call(hub, "GET", `${V1}${recordingsPath("garaz")}`, { cookie });
      expect(answer.status).toBe(200);
      expect((await jsonOf(answer, RecordingsAnswerSchema)).items).toEqual([]);
      expect(rtsp.requests).toEqual([]);
      gateway.end(true);
    } finally {
      if (saved === undefined) delete process.env.HUB_FFMPEG;
      else process.env.HUB_FFMPEG = saved;
      await hub.cleanup();
      await rtsp.close();
    }
  }, 20_000);
});

/** The ffmpeg processes whose command line names `dir` (the hub's pre-roll buffers under its data dir). */
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

describe("pre-roll: a camera with `record.preSeconds` keeps a rolling buffer and its clips begin before the motion", () => {
  it("the clip holds the 3 s before the motion and the rest as before (one MP4, copied); the buffer stays at most preSeconds + 2 segments; closing the hub kills the buffer's ffmpeg", async () => {
    const rtsp = await startRtspCamera({ login: LOGIN });
    const file = join(tempDir("hub-preroll-household-"), "household.json");
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
    const dataDir = tempDir("hub-preroll-data-");
    const hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort(), dataDir });
    const buffer = join(dataDir, "clips-preroll", "brama");
    const segments = () => readdirSync(buffer).filter((name) => name.endsWith(".ts")).length;
    let closed = false;
    try {
      const cookie = await login(hub);
      expect(ffmpegsUnder(buffer)).toHaveLength(1);
      // the buffer fills: the simulator's GOP is 2 s, so 2 finished segments hold 4 s
      const finished = () => {
        try {
          return readFileSync(join(buffer, "list.csv"), "utf8").trim().split("\n").length;
        } catch {
          return 0;
        }
      };
      await until(() => finished() >= 2, 15_000, 200);
      const gateway = await connectDevice(hub, "zigbee2mqtt");
      const motion = (occupancy: boolean) =>
        gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion", { occupancy }), { qos: 1 });
      const motionAt = Date.now();
      await motion(true);
      await sleep(1_000);
      await motion(false);
      const endedAt = Date.now();
      let most = 0;
      let clip: Recording | undefined;
      while (!clip && Date.now() - motionAt < 30_000) {
        most = Math.max(most, segments());
        const answer = await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie });
        clip = (await jsonOf(answer, RecordingsAnswerSchema)).items[0];
        await sleep(200);
      }
      expect(clip, "no clip within 30 s").toBeDefined();
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(3 + 2);
      const path = join(dataDir, "clips", `${clip!.id}.mp4`);
      const recorded = probe(path);
      // live: from the motion to `seconds` (5 s) after it ended; before it: the 3 s of pre-roll
      const live = (endedAt + 5_000 - motionAt) / 1000;
      expect(Math.abs(recorded.duration - (3 + live))).toBeLessThanOrEqual(1.5);
      // a clip recorded only from the motion on cannot be longer than the time since the motion
      expect(recorded.duration).toBeGreaterThan(live + 1.5);
      expect(Math.abs(clip!.durationMs / 1000 - recorded.duration)).toBeLessThan(0.1);
      expect(clip).toMatchObject({ media: "mp4", snapshot: true });
      const source = probe(join(DEMO_CLIP_DIR, "seg0.mpegts"));
      expect([recorded.codec, recorded.profile]).toEqual([source.codec, source.profile]);
      // it decodes whole, no error at the join (no cut picture); the live part's own first two frames
      // are 1/90000 s apart as without pre-roll (ffmpeg's RTSP start), which the null muxer reports, is left out
      const decoded = spawnSync("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "null", "-"]);
      const errors = decoded.stderr
        .toString()
        .split("\n")
        .filter((line) => line.trim() && !line.includes("non monotonically increasing dts"));
      expect([decoded.status, errors]).toEqual([0, []]);
      expect(readdirSync(join(dataDir, "clips")).filter((name) => !/\.(mp4|jpg)$/.test(name))).toEqual([]);
      gateway.end(true);
      const pids = ffmpegsUnder(buffer);
      expect(pids).toHaveLength(1);
      await hub.close();
      closed = true;
      await until(() => ffmpegsUnder(buffer).length === 0, 5_000, 100);
    } finally {
      if (closed) rmSync(dataDir, { recursive: true, force: true });
      else await hub.cleanup();
      await rtsp.close();
    }
  }, 60_000);
});
