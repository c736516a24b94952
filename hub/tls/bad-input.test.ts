import { spawn } from "node:child_process";
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, tempDir } from "../testing/harness";
import { caPaths, loadOrCreateCa } from "./ca";
import { TLS_EXIT_CODE } from "./errors";
import { machineNames } from "./names";
import { issueServerCertificate } from "./server-cert";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the hub (`node --import tsx hub/main.ts`) with `env` until it exits (30 s at most); answers its exit code and stderr. */
async function runHub(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "hub/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      HUB_HTTPS_PORT: String(await freePort()),
      HUB_MQTT_PORT: "0",
      HUB_MQTTS_PORT: "0",
      HUB_LOG_LEVEL: "fatal",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGTERM"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stderr };
}

/** The file's bytes and mode, to show a refused start changed nothing. */
const snapshot = (path: string) => ({ text: readFileSync(path, "utf8"), mode: statSync(path).mode & 0o777 });

describe("a hub that refuses its TLS files says why in one line, exits non-zero and overwrites nothing", () => {
  it("refuses a CA key other users may read (exit 78, chmod hint)", async () => {
    const dataDir = tempDir();
    try {
      await loadOrCreateCa(dataDir);
      const paths = caPaths(dataDir);
      chmodSync(paths.key, 0o644);
      const before = [snapshot(paths.cert), snapshot(paths.key)];
      const { code, stderr } = await runHub({ HUB_DATA_DIR: dataDir });
      expect(code).toBe(TLS_EXIT_CODE);
      expect(stderr.trim().split("\n")).toEqual([
        `hub: bad TLS files: the CA key ${paths.key} is readable by other users (mode 0644): run chmod 600 ${paths.key}`,
      ]);
      expect([snapshot(paths.cert), snapshot(paths.key)]).toEqual(before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a CA certificate that does not parse and a CA key that does not match it, keeping both files", async () => {
    const dataDir = tempDir();
    try {
      await loadOrCreateCa(dataDir);
      const paths = caPaths(dataDir);
      const goodCert = readFileSync(paths.cert, "utf8");
      writeFileSync(paths.cert, "-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n");
      const broken = await runHub({ HUB_DATA_DIR: dataDir });
      expect(broken.code).toBe(TLS_EXIT_CODE);
      expect(broken.stderr.trim().split("\n")).toHaveLength(1);
      expect(broken.stderr).toMatch(/^hub: bad TLS files: the CA certificate .*ca\.crt does not parse/);
      expect(readFileSync(paths.cert, "utf8")).toContain("broken");
      // Another CA's key beside this certificate.
      const other = tempDir();
      await loadOrCreateCa(other);
      writeFileSync(paths.cert, goodCert);
      writeFileSync(paths.key, readFileSync(caPaths(other).key), { mode: 0o600 });
      rmSync(other, { recursive: true, force: true });
      const mismatched = await runHub({ HUB_DATA_DIR: dataDir });
      expect(mismatched.code).toBe(TLS_EXIT_CODE);
      expect(mismatched.stderr).toMatch(/^hub: bad TLS files: the CA key .* does not belong to the CA certificate/);
      expect(readFileSync(paths.cert, "utf8")).toBe(goodCert);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a household certificate or key that does not parse, a key of another certificate, and an expired certificate", async () => {
    const dataDir = tempDir();
    try {
      const scratch = tempDir();
      const ca = await loadOrCreateCa(scratch);
      const now = new Date();
      const good = await issueServerCertificate(ca, machineNames(["hub.lan"]), now);
      const other = await issueServerCertificate(ca, machineNames(["hub.lan"]), now);
      const expired = await issueServerCertificate(
        ca,
        machineNames(["hub.lan"]),
        new Date(now.getTime() - 400 * 86_400_000),
        30 * 86_400_000,
      );
      rmSync(scratch, { recursive: true, force: true });
      const cert = join(dataDir, "hub.crt");
      const key = join(dataDir, "hub.key");
      const cases: { cert: string; key: string; message: RegExp }[] = [
        { cert: "hello", key: good.keyPem, message: /HUB_TLS_CERT .*hub\.crt is not a PEM certificate/ },
        {
          cert: good.certPem,
          key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
          message: /HUB_TLS_KEY .*hub\.key is not a PEM private key/,
        },
        { cert: good.certPem, key: other.keyPem, message: /HUB_TLS_KEY .*hub\.key does not belong to the certificate/ },
        { cert: expired.certPem, key: expired.keyPem, message: /HUB_TLS_CERT .*hub\.crt expired on \d{4}-/ },
      ];
      for (const item of cases) {
        writeFileSync(cert, item.cert);
        writeFileSync(key, item.key, { mode: 0o600 });
        const { code, stderr } = await runHub({ HUB_DATA_DIR: dataDir, HUB_TLS_CERT: cert, HUB_TLS_KEY: key });
        expect(code, item.message.source).toBe(TLS_EXIT_CODE);
        expect(stderr.trim().split("\n"), item.message.source).toHaveLength(1);
        expect(stderr).toMatch(item.message);
        expect(readFileSync(cert, "utf8")).toBe(item.cert);
        expect(readFileSync(key, "utf8")).toBe(item.key);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("names the HTTPS or MQTT TLS port in use, and HUB_TLS_CERT without HUB_TLS_KEY", async () => {
    const dataDir = tempDir();
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    try {
      const busy = await runHub({ HUB_DATA_DIR: dataDir, HUB_HTTPS_PORT: String(port) });
      expect(busy.code).toBe(1);
      expect(busy.stderr.trim().split("\n")).toEqual([
        `hub: could not start: HTTPS port ${port} is already in use (set HUB_HTTPS_PORT to another port)`,
      ]);
      const mqtts = await runHub({ HUB_DATA_DIR: dataDir, HUB_MQTTS_PORT: String(port) });
      expect(mqtts.code).toBe(1);
      expect(mqtts.stderr.trim().split("\n")).toEqual([
        `hub: could not start: MQTT TLS port ${port} is already in use (set HUB_MQTTS_PORT to another port, or 0 to disable it)`,
      ]);
      const half = await runHub({ HUB_DATA_DIR: dataDir, HUB_TLS_CERT: join(dataDir, "x.crt") });
      expect(half.code).toBe(1);
      expect(half.stderr.trim()).toMatch(/^hub: bad configuration: HUB_TLS_KEY: required with HUB_TLS_CERT/);
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
