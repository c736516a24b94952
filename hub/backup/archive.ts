import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import * as v from "valibot";
import { SCHEMA_VERSIONS } from "../domains";
import { type Db } from "../core/db";
import { runningHub } from "./lock";

/** The `format` a hub backup's manifest names; anything else is "not one of ours". */
export const BACKUP_FORMAT = "household-hub-backup";
/** The version of the archive layout this hub writes and reads. */
export const BACKUP_FORMAT_VERSION = 1;
/** The manifest's name, the archive's first entry. */
export const MANIFEST = "manifest.json";

/** A backup that cannot be made or restored; the message is one line for the CLI and the log. */
export class BackupError extends Error {}

/** Paths an archive may hold besides the manifest: the database, the household file, the TLS folder. */
const ARCHIVE_PATH = /^(hub\.sqlite|household\.json|tls(\/[A-Za-z0-9._-]+)+)$/;

const Manifest = v.object({
  format: v.literal(BACKUP_FORMAT),
  formatVersion: v.number(),
  hubVersion: v.string(),
  createdAt: v.string(),
  /** Where the household file came from: the data folder, HUB_CONFIG, or none was there. */
  household: v.picklist(["data", "config", "none"]),
  files: v.array(
    v.object({
      path: v.pipe(
        v.string(),
        v.regex(ARCHIVE_PATH),
        v.check((path) => !path.split("/").includes("..") && !path.split("/").includes(".")),
      ),
      bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
      sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
      mode: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0o777)),
    }),
  ),
});

/**
 * A backup's manifest (`manifest.json`, the archive's first entry): format name and version, the
 * hub's version and the time it was made, and every other file with its size in bytes, SHA-256
 * (hex) and permission bits.
 */
export type BackupManifest = v.InferOutput<typeof Manifest>;

/** The hub's version (package.json), written into each manifest. */
export function hubVersion(): string {
  try {
    const raw: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const version = typeof raw === "object" && raw !== null ? (raw as { version?: unknown }).version : undefined;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}

/** SHA-256 (hex) of a file, read as a stream (a large database does not hold up the hub's event loop). */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** Whether a file of the TLS folder is a private key: kept 0600 in the archive and on restore. */
function isKeyFile(path: string): boolean {
  return /key/i.test(basename(path));
}

/** Copies the regular files and folders under `from` to `to` (symbolic links and others are left out), keys 0600. */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isFile()) {
      copyFileSync(source, target);
      const mode = statSync(source).mode & 0o777;
      chmodSync(target, isKeyFile(target) ? mode & 0o600 : mode);
    }
  }
}

function filesUnder(root: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(root, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** Where a backup takes the hub's state from. */
export interface BackupSource {
  /** The hub's data folder (HUB_DATA_DIR): `hub.sqlite`, `household.json`, `tls/`. */
  dataDir: string;
  /** The household file when HUB_CONFIG names one; else `<dataDir>/household.json` if present. */
  householdConfigPath?: string | undefined;
  /** The running hub's own connection (the nightly backup); else the CLI opens the file read-only. */
  db?: Db | undefined;
}

/** What {@link createBackup} wrote. */
export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
}

/** Temporary names next to `target`: the folder the files are gathered in and the archive being written. */
export function partialNames(target: string): { staging: string; archive: string } {
  const stem = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  return { staging: stem, archive: `${stem}.tar.gz` };
}

/**
 * Writes one gzip'd tar archive at `target`: `manifest.json`, the SQLite database copied with
 * SQLite's online backup (consistent while the hub keeps writing, from another process too), the
 * household file and the data folder's `tls/` (modes kept, key files 0600). The recordings' index
 * is the `recordings` table of the database; the clips themselves are not included. The archive is
 * written under a temporary name next to `target` (mode 0600), flushed to disk and then linked to
 * `target`, so a backup killed midway leaves no file of that name and nothing else changed.
 * @throws BackupError when `target` exists, or there is no database in `dataDir`.
 */
export async function createBackup(target: string, source: BackupSource): Promise<BackupResult> {
  const path = resolve(target);
  if (existsSync(path)) throw new BackupError(`${path} already exists: choose a new file name`);
  const databasePath = join(source.dataDir, "hub.sqlite");
  if (source.db === undefined && !existsSync(databasePath))
    throw new BackupError(`no hub database at ${databasePath} (check HUB_DATA_DIR)`);
  if (!existsSync(dirname(path))) {
    mkdirSync(dirname(path), { recursive: true });
    giveBackToDataDirOwner(dirname(dirname(path)), [basename(dirname(path))]); // <data>/backups made by root stays the hub's
  }
  const { staging, archive } = partialNames(path);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  try {
    if (source.db !== undefined) await source.db.backup(join(staging, "hub.sqlite"));
    else {
      const db = new Database(databasePath, { readonly: true, fileMustExist: true });
      try {
        db.pragma("busy_timeout = 5000");
        // One step: a copy in steps restarts whenever another process (the running hub) writes
        // between two steps, and would never finish under steady writes. One step holds one read
        // snapshot; in WAL mode the hub keeps writing meanwhile.
        await db.backup(join(staging, "hub.sqlite"), { progress: () => 0x7fffffff });
      } finally {
        db.close();
        giveBackToDataDirOwner(source.dataDir, ["hub.sqlite-wal", "hub.sqlite-shm"]);
      }
    }
    chmodSync(join(staging, "hub.sqlite"), 0o600);
    const householdPath = source.householdConfigPath ?? join(source.dataDir, "household.json");
    const household = existsSync(householdPath)
      ? source.householdConfigPath === undefined
        ? "data"
        : "config"
      : "none";
    if (household !== "none") copyFileSync(householdPath, join(staging, "household.json"));
    const tlsDir = join(source.dataDir, "tls");
    if (existsSync(tlsDir) && lstatSync(tlsDir).isDirectory()) copyTree(tlsDir, join(staging, "tls"));
    const files: BackupManifest["files"] = [];
    for (const file of filesUnder(staging)) {
      const full = join(staging, file);
      files.push({
        path: file,
        bytes: statSync(full).size,
        sha256: await sha256Of(full),
        mode: statSync(full).mode & 0o777,
      });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      hubVersion: hubVersion(),
      createdAt: new Date().toISOString(),
      household,
      files,
    };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    // node-tar writes the tar stream; node's zlib compresses it on libuv's thread pool, so the
    // running hub keeps answering while a large database is compressed.
    await pipeline(
      tar.create({ cwd: staging, portable: true }, [MANIFEST, ...files.map((file) => file.path)]),
      createGzip(),
      createWriteStream(archive, { mode: 0o600 }),
    );
    const fd = openSync(archive, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(archive, path); // fails with EEXIST rather than replace a file made meanwhile
      rmSync(archive);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        throw new BackupError(`${path} already exists: choose a new file name`);
      renameSync(archive, path); // a file system without hard links (FAT)
    }
    return { path, bytes: statSync(path).size, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(archive, { force: true });
  }
}

const MAX_MANIFEST_BYTES = 1024 * 1024;

function tarMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

/**
 * Reads and checks the manifest of the archive at `file` (its first entry).
 * @throws BackupError "<file> is not a hub backup: <why>" for a file that is not a gzip'd tar, has
 *   no manifest first, a manifest of another format, or one made by a newer hub.
 */
export async function readManifest(file: string): Promise<BackupManifest> {
  const notOurs = (why: string) => new BackupError(`${file} is not a hub backup: ${why}`);
  let text: string | null = null;
  let first = true;
  let tooBig = false;
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const isManifest = first && entry.path === MANIFEST && entry.type === "File";
        first = false;
        if (!isManifest) {
          entry.resume();
          return;
        }
        if (entry.size > MAX_MANIFEST_BYTES) {
          tooBig = true;
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
        entry.on("end", () => {
          text = Buffer.concat(chunks).toString("utf8");
        });
      },
    });
  } catch (error) {
    throw notOurs(`not a readable tar.gz archive (${tarMessage(error)})`);
  }
  if (tooBig) throw notOurs("its manifest is larger than 1 MiB");
  if (text === null)
    throw notOurs(first ? "not a tar.gz archive, or an empty one" : `it does not begin with ${MANIFEST}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw notOurs(`${MANIFEST} is not JSON`);
  }
  const format = typeof raw === "object" && raw !== null ? (raw as { format?: unknown; formatVersion?: unknown }) : {};
  if (format.format !== BACKUP_FORMAT) throw notOurs(`${MANIFEST} does not name the format ${BACKUP_FORMAT}`);
  if (typeof format.formatVersion === "number" && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was made by a newer hub (backup format ${String(format.formatVersion)}; this hub reads ${String(BACKUP_FORMAT_VERSION)}): update the hub first`,
    );
  }
  const result = v.safeParse(Manifest, raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw notOurs(`${MANIFEST} is malformed at ${(issue ? v.getDotPath(issue) : null) ?? "(root)"}`);
  }
  const manifest = result.output;
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw notOurs(`unknown backup format version ${String(manifest.formatVersion)}`);
  const paths = new Set(manifest.files.map((entry) => entry.path));
  if (paths.size !== manifest.files.length) throw notOurs(`${MANIFEST} lists a file twice`);
  if (!paths.has("hub.sqlite")) throw notOurs(`${MANIFEST} lists no hub.sqlite`);
  return manifest;
}

/** What {@link restoreBackup} did: the manifest restored and where the data it replaced now is. */
export interface RestoreResult {
  manifest: BackupManifest;
  /** `<dataDir>/before-restore-<time>`: the database, household file and tls/ the restore replaced. */
  before: string;
  /** Where the household file went when the backup's came from HUB_CONFIG (`<dataDir>/household.from-backup.json`), else null. */
  householdCopy: string | null;
}

/** The names in the data folder a restore replaces (the database's WAL and shared memory first). */
const REPLACED = ["hub.sqlite-wal", "hub.sqlite-shm", "hub.sqlite", "household.json", "tls"] as const;

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Restores the backup at `file` into the data folder of a stopped hub. Checks first, touching
 * nothing: no hub runs on `dataDir` (it holds `hub.lock`, lock.ts), the manifest is ours, every file
 * extracts with the size and SHA-256 the manifest lists (nothing else in the archive, no links),
 * and the database passes `PRAGMA integrity_check` with no schema version newer than this hub's.
 * Then moves the current database, household file and tls/ into `<dataDir>/before-restore-<time>/`
 * and renames the extracted ones in (same file system: each rename is atomic). Recordings, backups
 * and anything else in the data folder stay. Run as root, the restored files get the data folder's owner.
 * @throws BackupError with a one-line message; nothing is changed then.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  const running = runningHub(dataDir);
  if (running !== null) {
    const who = running.pid === null ? "" : ` (process ${String(running.pid)}, started ${running.startedAt ?? "?"})`;
    throw new BackupError(
      `the hub is running on ${dataDir}${who}: stop it first (e.g. sudo systemctl stop household-hub), then restore`,
    );
  }
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file}: no such file`);
  const manifest = await readManifest(file);
  const expected = new Map(manifest.files.map((entry) => [entry.path, entry]));
  mkdirSync(dataDir, { recursive: true });
  const now = new Date();
  for (const name of readdirSync(dataDir)) {
    if (/^\.restore-\d{8}T\d{6}Z-\d+$/.test(name)) rmSync(join(dataDir, name), { recursive: true, force: true }); // left by a restore that died
  }
  const staging = join(dataDir, `.restore-${stamp(now)}-${process.pid}`);
  mkdirSync(staging, { mode: 0o700 });
  try {
    const refused: string[] = [];
    try {
      await tar.extract({
        file,
        cwd: staging,
        strict: true,
        preserveOwner: false,
        filter: (path, entry) => {
          if (path === MANIFEST) return false;
          const listed = expected.get(path);
          const ok = listed !== undefined && "type" in entry && entry.type === "File" && entry.size === listed.bytes;
          if (!ok) refused.push(path);
          return ok;
        },
      });
    } catch (error) {
      throw new BackupError(`${file} is not a hub backup: not a readable tar.gz archive (${tarMessage(error)})`);
    }
    if (refused.length > 0)
      throw new BackupError(
        `${file} is not a hub backup: ${refused[0] ?? ""} is not listed in its manifest with that size and type`,
      );
    for (const entry of manifest.files) {
      const path = join(staging, entry.path);
      if (!existsSync(path))
        throw new BackupError(`${file} is damaged: ${entry.path} is listed in the manifest but missing`);
      if ((await sha256Of(path)) !== entry.sha256)
        throw new BackupError(`${file} is damaged: ${entry.path} does not match its SHA-256 in the manifest`);
      chmodSync(path, entry.path.startsWith("tls/") && isKeyFile(entry.path) ? entry.mode & 0o600 : entry.mode);
    }
    if (existsSync(join(staging, "tls"))) chmodSync(join(staging, "tls"), 0o700);
    checkDatabase(join(staging, "hub.sqlite"), file);
    let before = join(dataDir, `before-restore-${stamp(now)}`);
    for (let n = 2; existsSync(before); n += 1) before = join(dataDir, `before-restore-${stamp(now)}-${String(n)}`);
    mkdirSync(before, { mode: 0o700 });
    giveBackToDataDirOwner(dataDir, [basename(before)]);
    for (const name of REPLACED) {
      if (existsSync(join(dataDir, name))) renameSync(join(dataDir, name), join(before, name));
    }
    ownLikeDataDir(staging, dataDir);
    let householdCopy: string | null = null;
    for (const name of ["hub.sqlite", "household.json", "tls"]) {
      if (!existsSync(join(staging, name))) continue;
      const target =
        name === "household.json" && manifest.household === "config"
          ? (householdCopy = join(dataDir, "household.from-backup.json"))
          : join(dataDir, name);
      if (target !== join(dataDir, name)) rmSync(target, { force: true });
      renameSync(join(staging, name), target);
    }
    return { manifest, before, householdCopy };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Run as root (sudo) on the service's folder, SQLite may have created the database's `-wal` or
 * `-shm` as root: they go back to the folder's owner, or the hub (its own user) could not open them.
 */
function giveBackToDataDirOwner(dataDir: string, names: readonly string[]): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = statSync(dataDir);
  if (uid === 0) return;
  for (const name of names) {
    const path = join(dataDir, name);
    if (existsSync(path) && statSync(path).uid === 0) chownSync(path, uid, gid);
  }
}

/** Run as root (sudo) on the service's folder: the restored files belong to the folder's owner, as the hub runs as that user. */
function ownLikeDataDir(staging: string, dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = statSync(dataDir);
  if (uid === 0) return;
  const walk = (path: string) => {
    chownSync(path, uid, gid);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  for (const name of readdirSync(staging)) walk(join(staging, name));
}

function checkDatabase(path: string, file: string): void {
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} is damaged: hub.sqlite does not open (${tarMessage(error)})`);
  }
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok")
      throw new BackupError(`${file} is damaged: hub.sqlite fails PRAGMA integrity_check (${String(result)})`);
    const versions = db
      .prepare<[], { version: number }>("SELECT version FROM schema_migrations")
      .all()
      .map((row) => row.version);
    const unknown = versions.filter((version) => !SCHEMA_VERSIONS.includes(version));
    if (unknown.length > 0)
      throw new BackupError(
        `${file} was made by a newer hub (schema versions ${unknown.join(", ")} unknown here): update the hub first`,
      );
    db.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged: hub.sqlite is not a hub database (${tarMessage(error)})`);
  } finally {
    db.close();
  }
}
