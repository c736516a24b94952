import type { FastifyBaseLogger } from "fastify";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../core/db";
import { createBackup } from "./archive";

/** The nightly backup's settings (HUB_BACKUP_AT, HUB_BACKUP_KEEP, HUB_BACKUP_DIR; README "Environment"). */
export interface NightlyBackupOptions {
  /** Local time of day `HH:MM` (24 h). */
  at: string;
  /** How many nightly archives to keep, newest first; 0 turns the nightly backup off. */
  keep: number;
  /** Where the archives go; absent = `<dataDir>/backups`. */
  dir?: string | undefined;
}

/** A timer: calls `run` once after `ms` milliseconds; `cancel` stops it. Injectable for tests. */
export type ScheduleOnce = (run: () => void, ms: number) => { cancel(): void };

const realTimer: ScheduleOnce = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/** A nightly archive's name: `hub-backup-<YYYYMMDD>-<HHMMSS>.tar.gz` in local time. */
const NIGHTLY = /^hub-backup-\d{8}-\d{6}\.tar\.gz$/;
/** What a killed backup leaves next to its target (archive.ts partialNames). */
const PARTIAL = /^\.hub-backup-\d{8}-\d{6}\.tar\.gz\.partial-(\d+)(\.tar\.gz)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The archive name for a backup made at `date` (local time). */
export function nightlyName(date: Date): string {
  return `hub-backup-${pad(date.getFullYear(), 4)}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}.tar.gz`;
}

/** Milliseconds from `now` to the next local `HH:MM` (a whole day when it is that minute now). */
export function msUntil(at: string, now: Date): number {
  const [hours = 0, minutes = 0] = at.split(":").map(Number);
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** Deletes the oldest nightly archives in `dir` beyond `keep`, and what killed backups left; answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = readdirSync(dir);
  const nightly = names.filter((name) => NIGHTLY.test(name)).sort();
  const stale = names.filter((name) => {
    const match = PARTIAL.exec(name);
    return match !== null && Number(match[1]) !== process.pid;
  });
  const deleted = [...nightly.slice(0, Math.max(0, nightly.length - keep)), ...stale];
  for (const name of deleted) rmSync(join(dir, name), { recursive: true, force: true });
  return deleted;
}

/**
 * Runs the hub's nightly backup: every day at `at` (local time) an archive of {@link createBackup}
 * in `dir` (default `<dataDir>/backups`) from the hub's own database connection, then the oldest
 * beyond `keep` deleted. Each outcome is logged; a failure is logged and the next night tries
 * again — it never throws into the hub. `stop` cancels the timer and waits for a backup under way.
 */
export function startNightlyBackup(
  options: NightlyBackupOptions & {
    dataDir: string;
    householdConfigPath?: string | undefined;
    db: Db;
    log: Pick<FastifyBaseLogger, "info" | "error">;
    now?: () => Date;
    schedule?: ScheduleOnce;
  },
): { stop(): Promise<void>; runNow(): Promise<string | null> } {
  const now = options.now ?? (() => new Date());
  const schedule = options.schedule ?? realTimer;
  const dir = options.dir ?? join(options.dataDir, "backups");
  let timer: { cancel(): void } | null = null;
  let running: Promise<string | null> | null = null;
  let stopped = false;

  const runNow = async (): Promise<string | null> => {
    const started = Date.now();
    try {
      const result = await createBackup(join(dir, nightlyName(now())), {
        dataDir: options.dataDir,
        householdConfigPath: options.householdConfigPath,
        db: options.db,
      });
      const deleted = pruneBackups(dir, options.keep);
      options.log.info(
        { path: result.path, bytes: result.bytes, ms: Date.now() - started, deleted },
        "nightly backup written",
      );
      return result.path;
    } catch (error) {
      options.log.error(
        { dir, error: error instanceof Error ? error.message : String(error) },
        "nightly backup failed (the next one runs tomorrow)",
      );
      return null;
    }
  };
  const arm = () => {
    if (stopped) return;
    timer = schedule(
      () => {
        running = runNow().finally(() => {
          running = null;
          arm();
        });
      },
      msUntil(options.at, now()),
    );
  };
  arm();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      timer?.cancel();
      await running;
    },
  };
}
