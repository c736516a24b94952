import { createPublicKey, webcrypto } from "node:crypto";
import { chmodSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LocalCa } from "./ca";
import { tlsDir } from "./ca";
import { coversNames, type ServerNames } from "./names";
import { generateKeys, importPrivateKeyPem, KEY_ALGORITHM, privateKeyPem, randomSerial, x509 } from "./x509";

/** A server certificate and its key, as PEM, with what the renewal check reads. */
export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  /** Hex serial number. */
  serial: string;
  notAfter: Date;
  names: ServerNames;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Server certificate lifetime: 397 days, under the 398 days browsers accept for a TLS server certificate. */
export const SERVER_VALIDITY_MS = 397 * DAY_MS;

/** Renew a server certificate when fewer than 30 days remain. */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

/**
 * Issues a server certificate signed by `ca` for `names` (every DNS name and IP address as a
 * subjectAltName; the first DNS name as CN), valid from an hour before `now` for `validityMs`,
 * for TLS server authentication only. It keeps `keyPem` (PKCS#8 PEM) when given, so a renewal keeps
 * the public key that devices pinned (Tasmota's fingerprint is of the public key); else a fresh
 * RSA 2048 key.
 */
export async function issueServerCertificate(
  ca: LocalCa,
  names: ServerNames,
  now: Date,
  validityMs: number = SERVER_VALIDITY_MS,
  keyPem?: string,
): Promise<ServerCertificate> {
  const keys = keyPem === undefined ? await generateKeys() : await keyPairOf(keyPem);
  const notAfter = new Date(now.getTime() + validityMs);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${names.dns[0] ?? "localhost"}`,
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000),
    notAfter,
    signingAlgorithm: ca.privateKey.algorithm,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension(
        [
          ...names.dns.map((value) => ({ type: "dns" as const, value })),
          ...names.ips.map((value) => ({ type: "ip" as const, value })),
        ],
        false,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  return {
    certPem: cert.toString("pem") + "\n",
    keyPem: keyPem ?? (await privateKeyPem(keys.privateKey)),
    serial: cert.serialNumber,
    notAfter,
    names,
  };
}

/** The key pair of a PKCS#8 PEM private key (its public half derived by Node). */
async function keyPairOf(keyPem: string): Promise<CryptoKeyPair> {
  const privateKey = await importPrivateKeyPem(keyPem);
  const spki = createPublicKey(keyPem).export({ type: "spki", format: "der" });
  const publicKey = (await webcrypto.subtle.importKey("spki", spki, KEY_ALGORITHM, true, ["verify"])) as CryptoKey;
  return { privateKey, publicKey };
}

/** `<dataDir>/tls/server.crt` and `server.key` (mode 0600). */
function serverPaths(dataDir: string): { cert: string; key: string } {
  return { cert: join(tlsDir(dataDir), "server.crt"), key: join(tlsDir(dataDir), "server.key") };
}

/** Writes the server certificate and key (each through a temporary file and a rename, so a reader never sees half). */
export function storeServerCertificate(dataDir: string, certificate: ServerCertificate): void {
  const paths = serverPaths(dataDir);
  writeFileSync(`${paths.key}.tmp`, certificate.keyPem, { mode: 0o600 });
  chmodSync(`${paths.key}.tmp`, 0o600);
  writeFileSync(`${paths.cert}.tmp`, certificate.certPem, { mode: 0o644 });
  renameSync(`${paths.key}.tmp`, paths.key);
  renameSync(`${paths.cert}.tmp`, paths.cert);
}

/**
 * The stored server certificate when it was signed by `ca` and parses; null otherwise (then a new
 * one is issued: the stored one is the hub's own, made again at will).
 */
export async function loadServerCertificate(dataDir: string, ca: LocalCa): Promise<ServerCertificate | null> {
  const paths = serverPaths(dataDir);
  try {
    const certPem = readFileSync(paths.cert, "utf8");
    const keyPem = readFileSync(paths.key, "utf8");
    const cert = new x509.X509Certificate(certPem);
    if (!(await cert.verify({ publicKey: ca.cert.publicKey, signatureOnly: true }))) return null;
    const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
    const items = san?.names.items ?? [];
    const names = {
      dns: items.filter((item) => item.type === "dns").map((item) => item.value),
      ips: items.filter((item) => item.type === "ip").map((item) => item.value),
    };
    return { certPem, keyPem, serial: cert.serialNumber, notAfter: cert.notAfter, names };
  } catch {
    return null;
  }
}

/**
 * Why `certificate` must be replaced now (fewer than `renewBeforeMs` left before it expires, or a
 * name of `names` it does not cover), or null when it still serves.
 */
export function renewalReason(
  certificate: ServerCertificate,
  names: ServerNames,
  now: Date,
  renewBeforeMs: number = RENEW_BEFORE_MS,
): string | null {
  if (certificate.notAfter.getTime() - now.getTime() < renewBeforeMs)
    return `it expires ${certificate.notAfter.toISOString()}`;
  if (!coversNames(certificate.names, names)) return "the hub's names or addresses changed";
  return null;
}
