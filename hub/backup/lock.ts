import Database from "better-sqlite3";
import { hostname } from "node:os";
import { join } from "node:path";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/** Who holds the data folder, for messages: `{"pid": <number>, "host": <hostname>, "startedAt": <ISO time>}`. */
export const OWNER_FILE = "hub.pid";
/**
 * The lock itself: a small SQLite file a running hub holds with `locking_mode = EXCLUSIVE`. The
 * operating system drops the lock when the process ends however it ends (crash, SIGKILL, power), and
 * it holds across containers sharing the folder: no stale lock, no process id reused by another
 * program that counts as a hub.
 */
export const LOCK_FILE = "hub.lock";

/** Who holds the data folder: the running hub's process id and start time (from {@link OWNER_FILE}; null when unreadable). */
export interface HubLockOwner {
  pid: number | null;
  startedAt: string | null;
}

/**
 * Marks `dataDir` as in use by this process: holds {@link LOCK_FILE} and writes {@link OWNER_FILE}.
 * `release` lets the lock go and removes the owner file if it is still ours. When another hub holds
 * the lock already (a second hub on the same folder) this one runs without it.
 */
export function holdDataDir(dataDir: string): { release(): void } {
  const ownerPath = join(dataDir, OWNER_FILE);
  let lock: Database.Database | null = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.pragma("journal_mode = MEMORY"); // its one row is throwaway: no hub.lock-journal beside it
    lock.exec("CREATE TABLE IF NOT EXISTS held (at TEXT NOT NULL); DELETE FROM held;"); // the first write takes the exclusive lock, kept until close
    lock.prepare("INSERT INTO held (at) VALUES (?)").run(new Date().toISOString());
    writeFileSync(
      ownerPath,
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }) + "\n",
      { mode: 0o644 },
    );
  } catch {
    lock.close();
    lock = null;
  }
  return {
    release: () => {
      if (lock === null) return;
      lock.close();
      lock = null;
      if (readOwner(ownerPath)?.pid === process.pid) rmSync(ownerPath, { force: true });
    },
  };
}

function readOwner(path: string): HubLockOwner | null {
  try {
    const raw: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (typeof raw !== "object" || raw === null) return null;
    const { pid, startedAt } = raw as Record<string, unknown>;
    return {
      pid: typeof pid === "number" && Number.isInteger(pid) ? pid : null,
      startedAt: typeof startedAt === "string" ? startedAt : null,
    };
  } catch {
    return null;
  }
}

/** The hub running on `dataDir`, or null: some process holds its {@link LOCK_FILE}. */
export function runningHub(dataDir: string): HubLockOwner | null {
  const path = join(dataDir, LOCK_FILE);
  if (!existsSync(path)) return null;
  try {
    const probe = new Database(path, { timeout: 0, fileMustExist: true, readonly: true });
    try {
      probe.prepare("SELECT count(*) FROM sqlite_master").get();
    } finally {
      probe.close();
    }
    return null;
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    return readOwner(join(dataDir, OWNER_FILE)) ?? { pid: null, startedAt: null };
  }
}
