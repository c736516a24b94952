import { afterEach, describe, expect, it } from "vitest";
import { FfmpegHls, findFfmpeg, type DemoHlsSource } from "./ffmpeg";

const ffmpeg = findFfmpeg({ PATH: process.env.PATH ?? "" });
const sources: FfmpegHls[] = [];
afterEach(() => {
  for (const source of sources.splice(0)) source.close();
});

/** A fallback that says where an answer came from. */
const clip: DemoHlsSource = {
  playlist: async () => "#EXTM3U\n#clip\n",
  segment: async (name) => (name === "7.ts" ? Buffer.from("clip segment") : null),
};
const quiet = { warn: () => undefined };

describe("demo HLS from Debian's ffmpeg when present", () => {
  it("finds ffmpeg on PATH (the test command installs it), and HUB_FFMPEG=off or a missing path turns it off", () => {
    expect(ffmpeg).not.toBeNull();
    expect(findFfmpeg({ HUB_FFMPEG: "off", PATH: process.env.PATH ?? "" })).toBeNull();
    expect(findFfmpeg({ HUB_FFMPEG: "/nonexistent/ffmpeg" })).toBeNull();
    expect(findFfmpeg({ PATH: "/nonexistent" })).toBeNull();
  });

  it("starts the encoder on the first request: a live playlist of MPEG-TS segments that moves on, then stops when unwatched", async () => {
    const source = new FfmpegHls(ffmpeg!, clip, { segmentSeconds: 1, idleMs: 1_500, startTimeoutMs: 15_000 }, quiet);
    sources.push(source);
    expect(source.running).toBe(false);
    const first = await source.playlist();
    expect(source.running).toBe(true);
    expect(first).toMatch(/^#EXTM3U/);
    expect(first).not.toMatch(/#EXT-X-ENDLIST/);
    const names = first.match(/^seg\d+\.ts$/gm) ?? [];
    expect(names.length).toBeGreaterThanOrEqual(2);
    const bytes = await source.segment(names[0]!);
    expect(bytes?.[0]).toBe(0x47); // MPEG-TS sync byte
    // Live: later the window has moved on.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const later = await source.playlist();
    expect(later.match(/^seg\d+\.ts$/gm)?.at(-1)).not.toBe(names.at(-1));
    // Hostile names are not files of its folder; the clip's own names go to the fallback.
    expect(await source.segment("../index.m3u8")).toBeNull();
    expect(await source.segment("7.ts")).toEqual(Buffer.from("clip segment"));
    // Unwatched for idleMs: the encoder stops.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(source.running).toBe(false);
  }, 30_000);

  it("an ffmpeg that cannot run leaves the committed clip answering, with a warning", async () => {
    const warnings: string[] = [];
    const source = new FfmpegHls(
      "/nonexistent/ffmpeg",
      clip,
      { startTimeoutMs: 2_000 },
      { warn: (message) => warnings.push(message) },
    );
    sources.push(source);
    expect(await source.playlist()).toBe("#EXTM3U\n#clip\n");
    expect(await source.playlist()).toBe("#EXTM3U\n#clip\n");
    expect(warnings.length).toBe(1);
    expect(warnings[0]).toMatch(/ffmpeg/);
    expect(source.running).toBe(false);
  });
});
