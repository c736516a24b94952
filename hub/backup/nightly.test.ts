import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { call, login, startTestHub, tempDir, until, type TestHub } from "../testing/harness";
import { readManifest } from "./archive";
import { msUntil, type ScheduleOnce } from "./nightly";

/** A clock the test moves and a timer it fires by hand: what the hub asked for is in `waits`. */
function fakeTime(start: Date) {
  let now = start.getTime();
  const waits: number[] = [];
  let pending: (() => void) | null = null;
  const schedule: ScheduleOnce = (run, ms) => {
    waits.push(ms);
    pending = run;
    return { cancel: () => (pending = null) };
  };
  return {
    now: () => new Date(now),
    schedule,
    waits,
    /** Moves the clock to the time asked for and fires the timer. */
    fire: () => {
      now += waits[waits.length - 1] ?? 0;
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

describe("the nightly backup (HUB_BACKUP_AT, HUB_BACKUP_KEEP, HUB_BACKUP_DIR)", () => {
  let hub: TestHub | null = null;
  afterEach(async () => {
    await hub?.cleanup();
    hub = null;
  });

  it("runs at the set local time every day and keeps the newest HUB_BACKUP_KEEP", async () => {
    const time = fakeTime(new Date(2026, 10, 27, 1, 0, 0));
    const dir = tempDir("hub-nightly-");
    const lines: string[] = [];
    hub = await startTestHub({
      backup: { at: "03:30", keep: 2, dir, now: time.now, schedule: time.schedule },
      logLevel: "info",
      logStream: { write: (line) => void lines.push(line) },
    });
    expect(time.waits).toEqual([2.5 * 3600_000]);
    for (let night = 1; night <= 3; night += 1) {
      time.fire();
      await until(() => time.waits.length === night + 1, 20_000);
    }
    expect(time.waits.slice(1)).toEqual([24 * 3600_000, 24 * 3600_000, 24 * 3600_000]);
    expect(readdirSync(dir).sort()).toEqual(["hub-backup-20261128-033000.tar.gz", "hub-backup-20261129-033000.tar.gz"]);
    expect(
      (await readManifest(join(dir, "hub-backup-20261129-033000.tar.gz"))).files.map((file) => file.path),
    ).toContain("hub.sqlite");
    const written = lines
      .map((line) => JSON.parse(line) as { msg: string; path?: string; deleted?: string[] })
      .filter((line) => line.msg === "nightly backup written");
    expect(written).toHaveLength(3);
    expect(written[2]?.deleted).toEqual(["hub-backup-20261127-033000.tar.gz"]);
  }, 60_000);

  it("a failing backup is logged, the hub keeps serving and tries again the next night", async () => {
    const time = fakeTime(new Date(2026, 10, 27, 3, 30, 0));
    const notAFolder = join(tempDir("hub-nightly-bad-"), "file");
    writeFileSync(notAFolder, "not a folder");
    const lines: string[] = [];
    hub = await startTestHub({
      backup: { at: "03:30", keep: 7, dir: notAFolder, now: time.now, schedule: time.schedule },
      logLevel: "info",
      logStream: { write: (line) => void lines.push(line) },
    });
    expect(time.waits).toEqual([24 * 3600_000]); // 03:30 now: the next one is tomorrow's
    time.fire();
    await until(() => time.waits.length === 2, 20_000);
    const failed = lines
      .map((line) => JSON.parse(line) as { msg: string; level: number; error?: string })
      .find((line) => line.msg.startsWith("nightly backup failed"));
    expect(failed?.level).toBe(50);
    expect(failed?.error).toMatch(/ENOTDIR|EEXIST|not a directory/);
    const cookie = await login(hub); // still serving
    expect((await call(hub, "GET", "/api/v2/config", { cookie })).status).toBe(200);
  }, 60_000);

  it("HUB_BACKUP_KEEP=0 turns it off: no timer", async () => {
    const time = fakeTime(new Date(2026, 10, 27, 1, 0, 0));
    hub = await startTestHub({ backup: { at: "03:30", keep: 0, now: time.now, schedule: time.schedule } });
    expect(time.waits).toEqual([]);
  });

  it("counts to the next local HH:MM", () => {
    expect(msUntil("03:30", new Date(2026, 10, 27, 3, 29, 0))).toBe(60_000);
    expect(msUntil("03:30", new Date(2026, 10, 27, 3, 31, 0))).toBe(24 * 3600_000 - 60_000);
    expect(msUntil("00:00", new Date(2026, 10, 27, 23, 59, 30))).toBe(30_000);
  });
});
