import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestHub, tempDir, type TestHub } from "../testing/harness";
import { httpsRequest } from "../testing/https";
import { createBackup, restoreBackup } from "./archive";

describe("a backup carries the hub's certificate authority", () => {
  const hubs: TestHub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.cleanup();
  });

  it("restored on another data folder, the hub serves HTTPS under the same CA (tablets keep trusting it); keys 0600", async () => {
    const hub = await startTestHub({ tls: { mode: "local", extraNames: ["hub.lan"] }, httpsPort: 0, mqttsPort: 0 });
    hubs.push(hub);
    const ca = readFileSync(join(hub.dataDir, "tls", "ca.crt"), "utf8");
    const file = join(tempDir("hub-backup-tls-"), "hub.tar.gz");
    const { manifest } = await createBackup(file, { dataDir: hub.dataDir });
    expect(
      manifest.files
        .filter((entry) => entry.path.startsWith("tls/"))
        .map((entry) => [entry.path, entry.mode.toString(8)]),
    ).toEqual(
      expect.arrayContaining([
        ["tls/ca.crt", expect.any(String)],
        ["tls/ca.key", "600"],
      ]),
    );
    expect(manifest.files.filter((entry) => /key/.test(entry.path)).every((entry) => (entry.mode & 0o077) === 0)).toBe(
      true,
    );

    const restoredDir = tempDir("hub-restored-tls-");
    await restoreBackup(file, restoredDir);
    expect(readFileSync(join(restoredDir, "tls", "ca.crt"), "utf8")).toBe(ca);
    expect(statSync(join(restoredDir, "tls", "ca.key")).mode & 0o777).toBe(0o600);
    const restored = await startTestHub({
      dataDir: restoredDir,
      tls: { mode: "local", extraNames: ["hub.lan"] },
      httpsPort: 0,
      mqttsPort: 0,
    });
    hubs.push(restored);
    expect(readFileSync(join(restoredDir, "tls", "ca.crt"), "utf8")).toBe(ca); // not replaced by a new CA
    const answer = await httpsRequest(restored.httpsPort ?? 0, "hub.lan", "/healthz", ca);
    expect(answer.status).toBe(200);
  }, 60_000);
});
