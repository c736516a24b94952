import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { TlsSetupError } from "./errors";
import { webcrypto } from "node:crypto";
import { generateKeys, importPrivateKeyPem, KEY_ALGORITHM, privateKeyPem, randomSerial, x509 } from "./x509";

/** The hub's local certificate authority: its certificate and the key that signs server certificates. */
export interface LocalCa {
  cert: x509.X509Certificate;
  certPem: string;
  privateKey: CryptoKey;
}

/** How long the CA is valid: 10 years (devices and tablets trust it once). */
export const CA_VALIDITY_DAYS = 3650;

/** The folder under the data folder that holds the CA and the server certificate. */
export function tlsDir(dataDir: string): string {
  return join(dataDir, "tls");
}

/** `<dataDir>/tls/ca.crt` and `ca.key` (PKCS#8 PEM, mode 0600). */
export function caPaths(dataDir: string): { cert: string; key: string } {
  return { cert: join(tlsDir(dataDir), "ca.crt"), key: join(tlsDir(dataDir), "ca.key") };
}

/**
 * Throws TlsSetupError when `path` (a private key) may be read or written by anyone but its owner
 * (any of the group/other bits of 0o077). Not checked on Windows, which has no such mode bits.
 */
export function assertPrivateFile(path: string, what: string): void {
  if (process.platform === "win32") return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new TlsSetupError(
      `${what} ${path} is readable by other users (mode ${mode.toString(8).padStart(4, "0")}): run chmod 600 ${path}`,
    );
  }
}

/**
 * The local CA of the hub in `<dataDir>/tls`: loaded when both files are there, created (RSA 2048,
 * 10 years, key written 0600) when neither is. Throws TlsSetupError, touching no file, when only
 * one of the two exists, when either does not parse or the key does not match the certificate, and
 * when the key's mode lets other users read it.
 */
export async function loadOrCreateCa(dataDir: string, now: Date = new Date()): Promise<LocalCa> {
  const paths = caPaths(dataDir);
  const haveCert = existsSync(paths.cert);
  const haveKey = existsSync(paths.key);
  if (haveCert !== haveKey) {
    throw new TlsSetupError(
      `${haveCert ? paths.key : paths.cert} is missing beside ${haveCert ? paths.cert : paths.key}: restore it, or move both away to make a new CA (every device must then trust the new one)`,
    );
  }
  if (haveCert) return loadCa(paths);
  mkdirSync(tlsDir(dataDir), { recursive: true, mode: 0o700 });
  const keys = await generateKeys();
  const name = `CN=Hub ${hostname()
    .replace(/[^A-Za-z0-9.-]/g, "-")
    .slice(0, 40)} local CA ${now.toISOString().slice(0, 10)}, O=Household hub`;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000),
    notAfter: new Date(now.getTime() + CA_VALIDITY_DAYS * 24 * 60 * 60 * 1000),
    signingAlgorithm: keys.privateKey.algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  writeFileSync(paths.key, await privateKeyPem(keys.privateKey), { mode: 0o600, flag: "wx" });
  chmodSync(paths.key, 0o600);
  const certPem = cert.toString("pem") + "\n";
  writeFileSync(paths.cert, certPem, { mode: 0o644, flag: "wx" });
  return { cert, certPem, privateKey: keys.privateKey };
}

async function loadCa(paths: { cert: string; key: string }): Promise<LocalCa> {
  assertPrivateFile(paths.key, "the CA key");
  const certPem = readFileSync(paths.cert, "utf8");
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(certPem);
  } catch (error) {
    throw new TlsSetupError(
      `the CA certificate ${paths.cert} does not parse (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  let privateKey: CryptoKey;
  try {
    privateKey = await importPrivateKeyPem(readFileSync(paths.key, "utf8"));
  } catch (error) {
    throw new TlsSetupError(
      `the CA key ${paths.key} does not parse as an RSA PKCS#8 PEM key (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const probe = Buffer.from("hub CA key check");
  const signature = await webcrypto.subtle.sign(KEY_ALGORITHM, privateKey, probe);
  if (
    !(await webcrypto.subtle.verify(
      KEY_ALGORITHM,
      await cert.publicKey.export(KEY_ALGORITHM, ["verify"]),
      signature,
      probe,
    ))
  ) {
    throw new TlsSetupError(`the CA key ${paths.key} does not belong to the CA certificate ${paths.cert}`);
  }
  return { cert, certPem, privateKey };
}
