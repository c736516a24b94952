import { hostname } from "node:os";
import { join } from "node:path";
import { readFileSync, rmSync, writeFileSync } from "node:fs";

/** The file a running hub keeps in its data folder: `{"pid": <number>, "host": <hostname>, "startedAt": <ISO time>}`. */
export const LOCK_FILE = "hub.pid";

/** Who holds the data folder: the running hub's process id and start time. */
export interface HubLockOwner {
  pid: number;
  startedAt: string;
}

/**
 * Marks `dataDir` as in use by this process (writes {@link LOCK_FILE}); `release` removes the file
 * if it is still ours. A hub that crashed leaves the file behind: {@link runningHub} then sees that
 * its process is gone.
 */
export function holdDataDir(dataDir: string): { release(): void } {
  const path = join(dataDir, LOCK_FILE);
  writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }) + "\n", { mode: 0o644 });
  return {
    release: () => {
      if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}

function readOwner(path: string): (HubLockOwner & { host: string }) | null {
  try {
    const raw: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (typeof raw !== "object" || raw === null) return null;
    const { pid, host, startedAt } = raw as Record<string, unknown>;
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, host: typeof host === "string" ? host : "", startedAt: typeof startedAt === "string" ? startedAt : "" };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the service's own user).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The hub running on `dataDir`, or null: its lock file names a process alive on this machine. A
 * lock file written on another host (a data folder shared over the network) counts as running.
 */
export function runningHub(dataDir: string): HubLockOwner | null {
  const owner = readOwner(join(dataDir, LOCK_FILE));
  if (owner === null) return null;
  if (owner.host !== "" && owner.host !== hostname()) return { pid: owner.pid, startedAt: owner.startedAt };
  return alive(owner.pid) ? { pid: owner.pid, startedAt: owner.startedAt } : null;
}
