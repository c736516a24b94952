import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { HLS_PLAYLIST_CONTENT_TYPE, MJPEG_BOUNDARY, hlsPath } from "../../contract/cameras";
import { DEMO_HOUSEHOLD_PATH } from "../household/load";
import type { HubOptions } from "../server";
import { call, freePort, login, startTestHub, tempDir, type TestHub } from "./harness";

/** Options of {@link startCameraHub}. */
export interface CameraHubOptions {
  /** The household's cameras instead of the demo household's (the rest of the demo household kept). */
  cameras?: unknown[];
  /** Run the simulator (demo motion events, the doorbell) with its own MQTT port, slow ticks. */
  simulator?: boolean;
  /** Environment variables set while the hub starts and runs (e.g. `HUB_FFMPEG: "off"`), restored by `cleanup`. */
  env?: Record<string, string>;
  /** Any other hub option. */
  hub?: Partial<HubOptions>;
}

/** A started camera test hub, the demo user's session cookie, and `cleanup` (stops the hub, removes its files, restores the environment). */
export interface CameraHub {
  hub: TestHub;
  cookie: string;
  cleanup(): Promise<void>;
}

/**
 * The camera hub tests' one set-up (hub/cameras/**\/*.test.ts): a test hub with the demo household,
 * its cameras replaced by `cameras` when given (written to a temporary household file), the
 * simulator when asked, `env` set, logged in as the demo user.
 */
export async function startCameraHub(options: CameraHubOptions = {}): Promise<CameraHub> {
  const saved = Object.fromEntries(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]]));
  Object.assign(process.env, options.env);
  const restore = () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  let householdDir: string | undefined;
  const overrides: Partial<HubOptions> = { ...options.hub };
  if (options.cameras) {
    const household = JSON.parse(readFileSync(DEMO_HOUSEHOLD_PATH, "utf8")) as Record<string, unknown>;
    household.cameras = options.cameras;
    householdDir = tempDir("hub-camera-household-");
    overrides.householdConfigPath = join(householdDir, "household.json");
    writeFileSync(overrides.householdConfigPath, JSON.stringify(household));
  }
  if (options.simulator)
    Object.assign(overrides, { mqttPort: await freePort(), simulator: true, simulatorIntervalMs: 60_000 });
  const removeHousehold = () => householdDir && rmSync(householdDir, { recursive: true, force: true });
  let hub: TestHub;
  try {
    hub = await startTestHub(overrides);
  } catch (error) {
    restore();
    removeHousehold();
    throw error;
  }
  return {
    hub,
    cookie: await login(hub),
    cleanup: async () => {
      await hub.cleanup();
      removeHousehold();
      restore();
    },
  };
}

/**
 * {@link startCameraHub} for the current `describe`: started in its `beforeAll` (`options` may be a
 * function, evaluated then, e.g. after a fake camera started) and handed to `started`, stopped in
 * its `afterAll`.
 */
export function useCameraHub(
  options: CameraHubOptions | (() => CameraHubOptions | Promise<CameraHubOptions>),
  started: (hub: CameraHub) => void,
): void {
  let running: CameraHub | undefined;
  beforeAll(async () => {
    running = await startCameraHub(typeof options === "function" ? await options() : options);
    started(running);
  });
  afterAll(async () => {
    await running?.cleanup();
  });
}

/** Reads JPEG parts of the hub's MJPEG response (`GET /live/mjpeg/{cameraId}`) until `count` arrived (split on the hub's boundary), then cancels it. Answers exactly `count` parts, or fewer if the stream ended first. */
export async function readJpegParts(response: Response, count: number): Promise<Buffer[]> {
  const reader = response.body!.getReader();
  let all = Buffer.alloc(0);
  const parts: Buffer[] = [];
  const marker = Buffer.from(`--${MJPEG_BOUNDARY}\r\n`);
  while (parts.length < count) {
    const next = await reader.read();
    if (next.done) break;
    all = Buffer.concat([all, Buffer.from(next.value)]);
    while (parts.length < count) {
      const at = all.indexOf(marker);
      const headEnd = all.indexOf("\r\n\r\n", at);
      if (at === -1 || headEnd === -1) break;
      const length = Number(/Content-Length: (\d+)/.exec(all.subarray(at, headEnd).toString("latin1"))?.[1]);
      if (headEnd + 4 + length > all.length) break;
      parts.push(all.subarray(headEnd + 4, headEnd + 4 + length));
      all = all.subarray(headEnd + 4 + length);
    }
  }
  await reader.cancel();
  return parts;
}

/** The URI lines of a playlist text. */
export function urisOf(text: string): string[] {
  return text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
}

/** GETs camera `cameraId`'s `index.m3u8` (stream full) and checks it is a playlist answer: 200, the HLS Content-Type, `no-cache`. Answers its text and URIs. */
export async function readHlsIndex(
  hub: TestHub,
  cookie: string,
  cameraId: string,
): Promise<{ text: string; uris: string[] }> {
  const index = await call(hub, "GET", `/api/cameras/v1${hlsPath(cameraId)}`, { cookie });
  expect(index.status).toBe(200);
  expect(index.headers.get("content-type")).toBe(HLS_PLAYLIST_CONTENT_TYPE);
  expect(index.headers.get("cache-control")).toBe("no-cache");
  const text = await index.text();
  return { text, uris: urisOf(text) };
}
