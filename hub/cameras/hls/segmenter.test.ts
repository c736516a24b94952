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

describe("killWithHub (issue 12: no ffmpeg outlives the hub)", () => {
  it("a child started by a hub process that exits without closing it is killed with it", () => {
    // A hub-like process: starts a long child (standing in for ffmpeg), prints its pid, exits at once.
    const script = `import { spawn } from "node:child_process"; import { killWithHub } from ${JSON.stringify(SEGMENTER)};
const child = spawn("sleep", ["30"], { stdio: "ignore" }); killWithHub(child); console.log(child.pid); process.exit(3);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
    expect(run.status, run.stderr).toBe(3);
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });
});
