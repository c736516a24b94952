import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, startTestHub, tempDir } from "../testing/harness";
import { httpsRequest, peerCertificate } from "../testing/https";
import { machineNames, type ServerNames } from "./names";

/** A self-signed certificate and key for `name` made by OpenSSL (a household's own pair). */
function opensslPair(dir: string, name: string, tag: string): { cert: string; key: string } {
  const cert = join(dir, `${tag}.crt`);
  const key = join(dir, `${tag}.key`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "30",
      "-subj",
      `/CN=${name}`,
      "-addext",
      `subjectAltName=DNS:${name}`,
    ],
    { stdio: "ignore" },
  );
  return { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") };
}

describe("certificate renewal without a restart", () => {
  it("replaces a server certificate about to expire: a new TLS connection (HTTPS and MQTT over TLS) sees a new serial that the CA vouches for, same public key", async () => {
    const hub = await startTestHub({
      tls: {
        mode: "local",
        extraNames: ["hub.lan"],
        serverValidityMs: 6_000,
        renewBeforeMs: 4_000,
        checkIntervalMs: 200,
      },
      httpsPort: 0,
      mqttsPort: await freePort(),
    });
    try {
      const ca = readFileSync(join(hub.dataDir, "tls", "ca.crt"), "utf8");
      const first = await peerCertificate(hub.httpsPort ?? 0, "hub.lan");
      let latest = first;
      for (let i = 0; i < 100 && latest.serialNumber === first.serialNumber; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        latest = await peerCertificate(hub.httpsPort ?? 0, "hub.lan");
      }
      expect(latest.serialNumber).not.toBe(first.serialNumber);
      expect(Date.parse(latest.valid_to)).toBeGreaterThan(Date.parse(first.valid_to));
      // Same public key: a Tasmota device's pinned fingerprint (of the public key) still matches.
      expect(latest.pubkey?.equals(first.pubkey ?? Buffer.alloc(0))).toBe(true);
      expect((await httpsRequest(hub.httpsPort ?? 0, "hub.lan", "/healthz", ca)).status).toBe(200);
      const device = await peerCertificate(hub.mqttsPort ?? 0, "hub.lan");
      expect([latest.serialNumber, (await peerCertificate(hub.httpsPort ?? 0, "hub.lan")).serialNumber]).toContain(
        device.serialNumber,
      );
      expect(device.serialNumber).not.toBe(first.serialNumber);
    } finally {
      await hub.cleanup();
    }
  });

  it("issues a new certificate when the machine gains an address, and keeps the stored one across a restart otherwise", async () => {
    let names: ServerNames = machineNames(["hub.lan"]);
    const dataDir = tempDir();
    const hub = await startTestHub({
      dataDir,
      tls: { mode: "local", extraNames: ["hub.lan"], checkIntervalMs: 200, names: () => names },
      httpsPort: 0,
    });
    try {
      const first = await peerCertificate(hub.httpsPort ?? 0, "hub.lan");
      names = { dns: names.dns, ips: [...names.ips, "192.168.77.5"] };
      let latest = first;
      for (let i = 0; i < 100 && !(latest.subjectaltname ?? "").includes("192.168.77.5"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        latest = await peerCertificate(hub.httpsPort ?? 0, "hub.lan");
      }
      expect(latest.subjectaltname).toContain("IP Address:192.168.77.5");
      await hub.close();
      const again = await startTestHub({
        dataDir,
        tls: { mode: "local", extraNames: ["hub.lan"], names: () => names },
        httpsPort: 0,
      });
      try {
        expect((await peerCertificate(again.httpsPort ?? 0, "hub.lan")).serialNumber).toBe(latest.serialNumber);
      } finally {
        await again.cleanup();
      }
    } finally {
      await hub.cleanup();
    }
  });

  it("serves a household's own certificate and the new one as soon as its files are replaced", async () => {
    const dir = tempDir("hub-household-tls-");
    const first = opensslPair(dir, "hub.lan", "first");
    const certPath = join(dir, "hub.crt");
    const keyPath = join(dir, "hub.key");
    writeFileSync(certPath, first.cert);
    writeFileSync(keyPath, first.key, { mode: 0o600 });
    const hub = await startTestHub({
      tls: { mode: "household", certPath, keyPath, checkIntervalMs: 100 },
      httpsPort: 0,
    });
    try {
      expect(hub.certificates?.caCertificatePem()).toBeNull();
      expect((await httpsRequest(hub.httpsPort ?? 0, "hub.lan", "/healthz", first.cert)).status).toBe(200);
      const second = opensslPair(dir, "hub.lan", "second");
      // Replaced as certbot and friends do: new files renamed over the old ones.
      writeFileSync(`${keyPath}.new`, second.key, { mode: 0o600 });
      writeFileSync(`${certPath}.new`, second.cert);
      renameSync(`${keyPath}.new`, keyPath);
      renameSync(`${certPath}.new`, certPath);
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await httpsRequest(hub.httpsPort ?? 0, "hub.lan", "/healthz", second.cert).then(
          (answer) => answer.status,
          () => 0,
        );
      }
      expect(status).toBe(200);
      await expect(httpsRequest(hub.httpsPort ?? 0, "hub.lan", "/healthz", first.cert)).rejects.toThrow();
      // A broken file later is logged and the working certificate stays served.
      writeFileSync(certPath, "not a certificate");
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await httpsRequest(hub.httpsPort ?? 0, "hub.lan", "/healthz", second.cert)).status).toBe(200);
    } finally {
      await hub.cleanup();
    }
  });
});
