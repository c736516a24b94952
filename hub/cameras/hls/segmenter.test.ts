import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SEGMENTER = fileURLToPath(new URL("./segmenter.ts", import.meta.url));

/** Whether process `pid` still runs (a zombie left for a container's init to reap does not: Linux /proc state `Z`). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

describe("killWithHub (no ffmpeg outlives the hub)", () => {
  it("a child started by a hub process that exits without closing it is killed with it", () => {
    // A hub-like process: starts a long child (standing in for ffmpeg), prints its pid, exits at once.
    const script = `import { spawn } from "node:child_process"; import { killWithHub } from ${JSON.stringify(SEGMENTER)};
const child = spawn("sleep", ["30"], { stdio: "ignore" }); killWithHub(child); console.log(child.pid); process.exit(3);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status, run.stderr).toBe(3);
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });
});

describe("FfmpegSegmenter.stop (a stopped stream leaves nothing behind and never rejects)", () => {
  it("removes the HLS folder after an ffmpeg that still writes while it exits", async () => {
    const { FfmpegSegmenter } = await import("./segmenter");
    const { existsSync, mkdtempSync, writeFileSync, chmodSync } = await import("node:fs");
    const { join, dirname } = await import("node:path");
    const { tmpdir } = await import("node:os");
    // A stand-in for ffmpeg with the HLS muxer's last arguments (segment pattern, playlist): it writes
    // segments and a playlist, and on SIGTERM writes one more segment 200 ms later before exiting,
    // as the real muxer flushes its last segment. Removing the folder at SIGTERM raced those writes
    // (ENOTEMPTY, an unhandled rejection in CI); the folder must go once ffmpeg is gone.
    const bin = mkdtempSync(join(tmpdir(), "fake-ffmpeg-"));
    const fake = join(bin, "ffmpeg");
    writeFileSync(
      fake,
      `#!${process.execPath}
const fs = require("node:fs"); const path = require("node:path");
const playlist = process.argv[process.argv.length - 1]; const dir = path.dirname(playlist);
let n = 0; const write = () => { fs.writeFileSync(path.join(dir, "seg" + n + ".ts"), "x"); n += 1;
  fs.writeFileSync(playlist, Array.from({ length: n }, (_, i) => "seg" + i + ".ts").join("\\n") + "\\n"); };
write(); write(); const timer = setInterval(write, 50);
process.on("SIGTERM", () => { clearInterval(timer); setTimeout(() => { write(); process.exit(255); }, 200); });
`,
    );
    chmodSync(fake, 0o755);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const segmenter = new FfmpegSegmenter(
        fake,
        () => ["-i", "test"],
        { minSegments: 2 },
        () => undefined,
      );
      const text = await segmenter.playlist();
      expect(text).toMatch(/^seg0\.ts$/m);
      const dirOfPlaylist = (segmenter as unknown as { dir: string }).dir;
      expect(existsSync(dirOfPlaylist)).toBe(true);
      segmenter.stop();
      expect(segmenter.running).toBe(false);
      const deadline = Date.now() + 8_000;
      while (existsSync(dirOfPlaylist) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(dirOfPlaylist)).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(rejections).toEqual([]);
      expect(dirname(dirOfPlaylist)).toBe(tmpdir());
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
