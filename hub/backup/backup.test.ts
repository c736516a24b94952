import Database from "better-sqlite3";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTOMATIONS_PATH, AutomationAnswerSchema, AutomationsAnswerSchema } from "../../contract/automations";
import { call, jsonOf, login, startTestHub, tempDir, until, type TestHub } from "../testing/harness";
import { createBackup, partialNames, readManifest, restoreBackup } from "./archive";
import { pruneBackups } from "./nightly";
import { addBallast, integrityOf, sha256File, spawnCli } from "./testing";

const BASE = "/api/v2";

describe("npm run hub -- backup, while the hub runs and takes writes", () => {
  const hubs: TestHub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.cleanup();
  });

  it("the restored database passes PRAGMA integrity_check and holds every write acknowledged before the backup started", async () => {
    const hub = await startTestHub();
    hubs.push(hub);
    addBallast(join(hub.dataDir, "hub.sqlite"), 24); // the copy takes long enough for writes to land during it
    const cookie = await login(hub);
    const acked: { id: string; name: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing && index < 200; index += 1) {
        const name = `Zapis ${String(index)}`;
        const response = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, {
          cookie,
          body: { name, trigger: { type: "doorbell" }, actions: [{ kind: "notify", message: name }] },
        });
        if (response.status === 409) break; // the household's cap (MAX_AUTOMATIONS)
        const { item } = await jsonOf(response, AutomationAnswerSchema);
        acked.push({ id: item.id, name, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 15)); // about 50 writes a second, for the whole backup
      }
    })();
    await until(() => acked.length >= 30, 20_000);
    const started = Date.now();
    const ackedBefore = acked.filter((write) => write.at < started);
    const file = join(tempDir("hub-backup-out-"), "hub.tar.gz");
    const { code, stdout, stderr } = await spawnCli(["backup", file], { HUB_DATA_DIR: hub.dataDir }).done;
    const ended = Date.now();
    writing = false;
    await writer;
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^backup written: .*hub\.tar\.gz \(\d+ bytes: hub\.sqlite; recordings' clips not included\)/,
    );
    expect(acked.filter((write) => write.at > started && write.at < ended).length).toBeGreaterThan(0); // the hub kept acknowledging writes during the backup
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restoredDir = tempDir("hub-restored-");
    await restoreBackup(file, restoredDir);
    const database = join(restoredDir, "hub.sqlite");
    expect(integrityOf(database)).toBe("ok");
    const db = new Database(database, { readonly: true });
    const ids = new Set(
      db
        .prepare<[], { id: string }>("SELECT id FROM automations")
        .all()
        .map((row) => row.id),
    );
    db.close();
    expect(ackedBefore.length).toBeGreaterThanOrEqual(30);
    expect(ackedBefore.filter((write) => !ids.has(write.id))).toEqual([]);

    const restored = await startTestHub({ dataDir: restoredDir });
    hubs.push(restored);
    const listed = await jsonOf(
      await call(restored, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie: await login(restored) }),
      AutomationsAnswerSchema,
    );
    const names = new Set(listed.items.map((item) => item.name));
    expect(ackedBefore.filter((write) => !names.has(write.name))).toEqual([]);
  }, 120_000);

  it("a backup killed midway leaves the earlier backups and the live database intact, and no file under the final name", async () => {
    const hub = await startTestHub();
    hubs.push(hub);
    const cookie = await login(hub);
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, {
        cookie,
        body: { name: "Przed kopią", trigger: { type: "doorbell" }, actions: [{ kind: "notify", message: "dzwonek" }] },
      }),
      AutomationAnswerSchema,
    );
    const backups = tempDir("hub-backups-");
    const earlier = join(backups, "hub-backup-20261126-033000.tar.gz");
    await createBackup(earlier, { dataDir: hub.dataDir });
    const earlierSum = sha256File(earlier);
    addBallast(join(hub.dataDir, "hub.sqlite"), 64);

    const target = join(backups, "hub-backup-20261127-033000.tar.gz");
    const { child, done } = spawnCli(["backup", target], { HUB_DATA_DIR: hub.dataDir });
    const partial = partialNames(target);
    const archiveOfChild = partial.archive.replace(`partial-${String(process.pid)}`, `partial-${String(child.pid)}`);
    // Kill it while it is writing the archive: a good part of it is on disk, not all.
    await until(() => existsSync(archiveOfChild) && statSync(archiveOfChild).size > 1024 * 1024, 60_000, 5);
    child.kill("SIGKILL");
    const { signal } = await done;
    expect(signal).toBe("SIGKILL");

    expect(existsSync(target)).toBe(false);
    expect(sha256File(earlier)).toBe(earlierSum);
    expect((await readManifest(earlier)).files.map((file) => file.path)).toEqual(["hub.sqlite"]);
    expect(integrityOf(join(hub.dataDir, "hub.sqlite"))).toBe("ok");
    const listed = await jsonOf(
      await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie }),
      AutomationsAnswerSchema,
    );
    expect(listed.items.map((item) => item.id)).toContain(created.item.id);

    // What the killed one left is named .partial; the nightly run clears it and keeps the earlier backup.
    expect(readdirSync(backups).filter((name) => name.includes(".partial-")).length).toBeGreaterThan(0);
    pruneBackups(backups, 7);
    expect(readdirSync(backups)).toEqual(["hub-backup-20261126-033000.tar.gz"]);
  }, 120_000);
});
