import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A Frigate-like clip and snapshot: real media ffmpeg made. */
export interface FrigateMedia {
  /** A 2 s 320x240 H.264 (Constrained Baseline, yuv420p) MP4 with `faststart`, as Frigate's `clip.mp4` is H.264 in MP4. */
  clip: Buffer;
  /** A 320x240 JPEG (the clip's first frame), as Frigate's `snapshot.jpg`. */
  snapshot: Buffer;
}

let made: FrigateMedia | undefined;

/**
 * Makes {@link FrigateMedia} once per process with Debian's ffmpeg (`HUB_FFMPEG` or `/usr/bin/ffmpeg`,
 * else `ffmpeg` on PATH) from its `testsrc` pattern: about 13 KB of MP4 and 10 KB of JPEG.
 * @throws Error when ffmpeg is missing or fails
 */
export function frigateMedia(): FrigateMedia {
  if (made) return made;
  const ffmpeg = process.env.HUB_FFMPEG ?? (existsSync("/usr/bin/ffmpeg") ? "/usr/bin/ffmpeg" : "ffmpeg");
  const dir = mkdtempSync(join(tmpdir(), "frigate-media-"));
  const clip = join(dir, "clip.mp4");
  const snapshot = join(dir, "snapshot.jpg");
  const source = ["-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=10"];
  const run = (args: string[]) => {
    const result = spawnSync(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.error?.message ?? result.stderr}`);
  };
  run([...source, "-c:v", "libx264", "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip]);
  run([...source, "-frames:v", "1", snapshot]);
  made = { clip: readFileSync(clip), snapshot: readFileSync(snapshot) };
  return made;
}
