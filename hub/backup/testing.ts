import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root (this file is hub/backup/testing.ts). */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Starts `npm run hub -- <args>` as its own process (node + tsx, as `npm run hub` does). */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string>,
): {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "hub", "cli.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => {
      child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    },
  );
  return { child, done };
}

/** SHA-256 (hex) of a file. */
export function sha256File(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** `PRAGMA integrity_check` of the database at `path` ("ok" when sound). */
export function integrityOf(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

/** Adds `megabytes` of incompressible rows to the database at `path` (table `ballast`): a backup of it takes a while. */
export function addBallast(path: string, megabytes: number): void {
  const db = new Database(path);
  try {
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS ballast (b BLOB NOT NULL)");
    db.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO ballast SELECT randomblob(65536) FROM n",
    ).run(megabytes * 16);
  } finally {
    db.close();
  }
}
