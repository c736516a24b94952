import { rmSync } from "node:fs";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import type { BrokerLink, HubLogger } from "../broker/link";
import { openDb } from "../domains";
import { HouseholdSchema } from "../household/schema";
import { tempDir } from "../testing/harness";
import { startCameras } from "./start";

describe("the camera domain at start", () => {
  const cleanups: (() => void)[] = [];
  const ffmpegSetting = process.env.HUB_FFMPEG;
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (ffmpegSetting === undefined) delete process.env.HUB_FFMPEG;
    else process.env.HUB_FFMPEG = ffmpegSetting;
  });

  /** Starts the camera domain for `cameras` without ffmpeg; answers what it warned. */
  function warningsAtStart(cameras: unknown[]): string[] {
    process.env.HUB_FFMPEG = "off";
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (message: unknown) => void warnings.push(String(message)),
      error: () => undefined,
      debug: () => undefined,
    } satisfies HubLogger;
    const dir = tempDir();
    const db = openDb(dir);
    const link = { publish: () => undefined } as unknown as BrokerLink;
    const domain = startCameras({
      household: v.parse(HouseholdSchema, { cameras }),
      db,
      link,
      log,
      demo: false,
      dataDir: dir,
    });
    cleanups.push(() => {
      domain.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return warnings;
  }

  it("warns once, naming what to install, when the household has RTSP cameras and the hub has no ffmpeg; never with the cameras' URLs", () => {
    const rtsp = (id: string) => ({
      id,
      label: id,
      source: { type: "rtsp", url: `rtsp://admin:tajne@192.168.1.${id.length}/stream1` },
    });
    const warnings = warningsAtStart([rtsp("garaz"), rtsp("brama")]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/apt install ffmpeg/);
    expect(warnings[0]).not.toMatch(/tajne|192\.168/);
    expect(
      warningsAtStart([{ id: "ogrod", label: "Ogród", source: { type: "mjpeg", url: "http://cam/video.mjpg" } }]),
    ).toEqual([]);
  });
});
