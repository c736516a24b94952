import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import * as tar from "tar";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../domains";
import { UserStore } from "../auth/user-store";
import { runCli } from "../cli";
import { startTestHub, tempDir, until, type TestHub } from "../testing/harness";
import { createBackup, MANIFEST } from "./archive";
import { OWNER_FILE, runningHub } from "./lock";
import { integrityOf, ROOT, sha256File, spawnCli } from "./testing";

/** Runs the CLI in this process against `dataDir`: its exit code and what it wrote. */
async function cli(args: string[], dataDir: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    env: { HUB_DATA_DIR: dataDir },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: () => Promise.resolve(""),
  });
  return { code, out, err };
}

/** Every file under `dir` with its SHA-256 and mode: what "nothing overwritten" compares. */
function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else found[path] = `${sha256File(join(dir, path))} ${(statSync(join(dir, path)).mode & 0o777).toString(8)}`;
    }
  };
  walk("");
  return found;
}

/** A data folder as a household has it: a user, a household file and tls/ with a CA key. */
function householdData(dir: string, login: string): void {
  const db = openDb(dir);
  new UserStore(db).add(login, "hash-of-" + login, null);
  db.close();
  writeFileSync(join(dir, "household.json"), JSON.stringify({ sensors: [] }));
  mkdirSync(join(dir, "tls"), { mode: 0o700 });
  writeFileSync(join(dir, "tls", "ca.key"), `key of ${login}\n`, { mode: 0o600 });
  writeFileSync(join(dir, "tls", "ca.crt"), `certificate of ${login}\n`, { mode: 0o644 });
}

describe("npm run hub -- restore", () => {
  let work: string;
  let live: string;
  let backup: string;
  beforeEach(async () => {
    work = tempDir("hub-restore-");
    const source = join(work, "source");
    householdData(source, "ania");
    chmodSync(join(source, "tls", "ca.key"), 0o640); // a loose key is 0600 in the archive and once restored
    backup = join(work, "ania.tar.gz");
    await createBackup(backup, { dataDir: source });
    live = join(work, "live");
    householdData(live, "marek");
  });

  it("puts back the database, the household file and tls/ (keys 0600), keeping what it replaced", async () => {
    const before = snapshot(live);
    mkdirSync(join(live, ".restore-20261126T033000Z-4242")); // what a restore killed midway left
    const { code, out, err } = await cli(["restore", backup], live);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(
      /^restored .*ania\.tar\.gz \(made .* by hub \d+\.\d+\.\d+\) into .*live; what it replaced is in .*before-restore-\d{8}T\d{6}Z(-\d+)?$/,
    );
    const db = openDb(live);
    expect(new UserStore(db).list().map((user) => user.login)).toEqual(["ania"]);
    db.close();
    expect(readFileSync(join(live, "tls", "ca.key"), "utf8")).toBe("key of ania\n");
    expect(statSync(join(live, "tls", "ca.key")).mode & 0o777).toBe(0o600);
    expect(statSync(join(live, "tls", "ca.crt")).mode & 0o777).toBe(0o644);
    expect(readdirSync(live).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    const kept = readdirSync(live).find((name) => name.startsWith("before-restore-")) ?? "";
    const keptSnapshot = snapshot(join(live, kept));
    for (const [path, sum] of Object.entries(before)) expect(keptSnapshot[path.replace(/^/, "")]).toBe(sum);
  });

  it("run by root on a folder the service's user owns, backup and restore leave every file to that user", async () => {
    const owner = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 0); // nobody, as the service's user
    for (const path of [live, ...readdirSync(live, { recursive: true }).map((name) => join(live, String(name)))])
      chownSync(path, owner, owner);
    rmSync(join(live, "hub.sqlite-wal"), { force: true });
    rmSync(join(live, "hub.sqlite-shm"), { force: true });
    expect((await cli(["backup", join(live, "backups", "by-root.tar.gz")], live)).code).toBe(0);
    expect((await cli(["restore", backup], live)).code).toBe(0);
    const notTheirs = readdirSync(live, { recursive: true })
      .map((name) => join(live, String(name)))
      .filter((path) => statSync(path).uid !== owner && !path.endsWith("by-root.tar.gz"));
    expect(notTheirs).toEqual([]);
  });

  describe("refuses what is not one of ours, with one line and exit code 1, overwriting nothing", () => {
    const cases: [string, (dir: string) => Promise<string>, RegExp][] = [
      [
        "random bytes",
        (dir) => Promise.resolve(writeTo(join(dir, "random.tar.gz"), randomBytes(64 * 1024))),
        /is not a hub backup: not a readable tar\.gz archive/,
      ],
      [
        "an empty file",
        (dir) => Promise.resolve(writeTo(join(dir, "empty.tar.gz"), Buffer.alloc(0))),
        /is not a hub backup: not a readable tar\.gz archive \(TAR_BAD_ARCHIVE: Unrecognized archive format\)/,
      ],
      [
        "a tar.gz without a manifest",
        async (dir) => {
          const file = join(dir, "plain.tar.gz");
          await tar.create({ gzip: true, file, cwd: live }, ["household.json", "hub.sqlite"]);
          return file;
        },
        /is not a hub backup: it does not begin with manifest\.json/,
      ],
      [
        "a manifest of another format",
        (dir) => repack(dir, (manifest) => ({ ...manifest, format: "other-backup" })),
        /is not a hub backup: manifest\.json does not name the format household-hub-backup/,
      ],
      [
        "a manifest from a newer hub",
        (dir) => repack(dir, (manifest) => ({ ...manifest, formatVersion: 2 })),
        /was made by a newer hub \(backup format 2; this hub reads 1\): update the hub first/,
      ],
      [
        "a tampered database (checksum)",
        (dir) =>
          repack(
            dir,
            (manifest) => manifest,
            (files) => flipByte(join(files, "hub.sqlite"), 5000),
          ),
        /is damaged: hub\.sqlite does not match its SHA-256 in the manifest/,
      ],
      [
        "a tampered checksum in the manifest",
        (dir) =>
          repack(dir, (manifest) => ({
            ...manifest,
            files: manifest.files.map((file) =>
              file.path === "tls/ca.key" ? { ...file, sha256: "0".repeat(64) } : file,
            ),
          })),
        /is damaged: tls\/ca\.key does not match its SHA-256/,
      ],
      [
        "a file not in the manifest",
        (dir) =>
          repack(dir, (manifest) => ({
            ...manifest,
            files: manifest.files.filter((file) => file.path !== "household.json"),
          })),
        /is not a hub backup: household\.json is not listed in its manifest/,
      ],
      [
        "a symbolic link in place of the CA key",
        (dir) =>
          repack(
            dir,
            (manifest) => manifest,
            (files) => {
              rmSync(join(files, "tls", "ca.key"));
              symlinkSync("/etc/passwd", join(files, "tls", "ca.key"));
            },
          ),
        /is not a hub backup: tls\/ca\.key is not listed in its manifest with that size and type/,
      ],
      [
        "a path outside the data folder",
        (dir) =>
          repack(dir, (manifest) => ({
            ...manifest,
            files: [...manifest.files, { path: "../escape", bytes: 1, sha256: "0".repeat(64), mode: 0o644 }],
          })),
        /is not a hub backup: manifest\.json is malformed at files\.\d+\.path/,
      ],
    ];
    for (const [what, make, message] of cases) {
      it(what, async () => {
        const file = await make(work);
        const before = snapshot(live);
        const { code, out, err } = await cli(["restore", file], live);
        expect(out).toEqual([]);
        expect(err).toHaveLength(1);
        expect(err[0]).toMatch(/^restore failed: /);
        expect(err[0]).toMatch(message);
        expect(err[0]).not.toContain("\n");
        expect(code).toBe(1);
        expect(snapshot(live)).toEqual(before);
        expect(
          readdirSync(live).filter((name) => name.startsWith(".restore-") || name.startsWith("before-restore-")),
        ).toEqual([]);
      });
    }
  });

  it("as its own process: the same one line on stderr and exit code 1", async () => {
    const file = writeTo(join(work, "random.bin"), randomBytes(1000));
    const { code, stdout, stderr } = await spawnCli(["restore", file], { HUB_DATA_DIR: live }).done;
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/is not a hub backup/);
  }, 30_000);

  /** Unpacks the good backup, changes its manifest (and files), packs it again with the manifest first. */
  async function repack(
    dir: string,
    edit: (
      manifest: Record<string, unknown> & { files: { path: string; bytes: number; sha256: string; mode: number }[] },
    ) => object,
    touch?: (files: string) => void,
  ): Promise<string> {
    const files = join(dir, `unpacked-${String(Math.random()).slice(2)}`);
    mkdirSync(files);
    await tar.extract({ file: backup, cwd: files });
    const manifest = JSON.parse(readFileSync(join(files, MANIFEST), "utf8")) as Parameters<typeof edit>[0];
    writeFileSync(join(files, MANIFEST), JSON.stringify(edit(manifest)));
    touch?.(files);
    const file = `${files}.tar.gz`;
    await tar.create({ gzip: true, file, cwd: files }, [MANIFEST, ...manifest.files.map((entry) => entry.path)]);
    return file;
  }
});

describe("restore and a running hub", () => {
  let hub: TestHub;
  afterEach(async () => {
    await hub.cleanup();
  });

  it("refuses while the hub runs on that data folder, and goes ahead once it is stopped", async () => {
    hub = await startTestHub();
    const backup = join(tempDir("hub-restore-running-"), "hub.tar.gz");
    await createBackup(backup, { dataDir: hub.dataDir });
    const database = join(hub.dataDir, "hub.sqlite");
    const sum = sha256File(database);
    const refused = await cli(["restore", backup], hub.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      expect.stringMatching(
        new RegExp(
          `^restore failed: the hub is running on .* \\(process ${String(process.pid)}, started .*\\): stop it first`,
        ),
      ),
    ]);
    expect(sha256File(database)).toBe(sum);
    expect(integrityOf(database)).toBe("ok");

    await hub.close();
    expect(runningHub(hub.dataDir)).toBeNull();
    expect(existsSync(join(hub.dataDir, OWNER_FILE))).toBe(false);
    expect((await cli(["restore", backup], hub.dataDir)).code).toBe(0);
  });

  it("a hub killed with SIGKILL leaves no lock: restore goes ahead; a live process id in a stale hub.pid does not count", async () => {
    hub = await startTestHub();
    const backup = join(tempDir("hub-restore-stale-"), "hub.tar.gz");
    await createBackup(backup, { dataDir: hub.dataDir });
    await hub.close();
    // A real hub process on the folder, killed without a chance to clean up.
    const killed = spawnHub(hub.dataDir);
    await until(() => runningHub(hub.dataDir)?.pid === killed.pid, 30_000);
    expect((await cli(["restore", backup], hub.dataDir)).err[0]).toMatch(
      new RegExp(`the hub is running on .* \\(process ${String(killed.pid)}, `),
    );
    killed.kill("SIGKILL");
    await new Promise((resolve) => killed.once("close", resolve));
    expect(JSON.parse(readFileSync(join(hub.dataDir, OWNER_FILE), "utf8"))).toMatchObject({ pid: killed.pid }); // left behind
    expect(await cli(["restore", backup], hub.dataDir)).toMatchObject({ code: 0, err: [] });
    writeFileSync(
      join(hub.dataDir, OWNER_FILE),
      JSON.stringify({ pid: process.ppid, startedAt: "2026-11-27T00:00:00.000Z" }),
    ); // alive, but not a hub
    expect((await cli(["restore", backup], hub.dataDir)).code).toBe(0);
  }, 60_000);
});

/** The hub as its own process (`tsx hub/main.ts`) on `dataDir`, on free ports. */
function spawnHub(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", join(ROOT, "hub", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      HUB_DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      HUB_MQTT_PORT: "0",
      HUB_BACKUP_KEEP: "0",
      HUB_LOG_LEVEL: "warn",
      HUB_DEMO: "1",
      HUB_SIMULATOR: "0",
    },
    stdio: "ignore",
  });
}

function writeTo(path: string, bytes: Buffer): string {
  writeFileSync(path, bytes);
  return path;
}

function flipByte(path: string, offset: number): void {
  const bytes = readFileSync(path);
  bytes[offset] = (bytes[offset] ?? 0) ^ 0xff;
  writeFileSync(path, bytes);
}
