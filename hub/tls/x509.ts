import * as x509 from "@peculiar/x509";
import { randomBytes, webcrypto } from "node:crypto";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export { x509 };

/**
 * RSA 2048 with SHA-256 (RSASSA-PKCS1-v1_5) for the CA and server keys: what every browser, Mosquitto
 * and the TLS builds of Tasmota (BearSSL, RSA only) and Zigbee2MQTT accept.
 */
export const KEY_ALGORITHM = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

/** A fresh extractable RSA key pair for signing. */
export async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
}

/** A random positive 128-bit certificate serial number, as hex. */
export function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x10;
  return bytes.toString("hex");
}

/** A private key as PKCS#8 PEM. */
export async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString("base64").replace(/.{1,64}/g, "$&\n")}-----END PRIVATE KEY-----\n`;
}

/** Imports a PKCS#8 PEM private key for signing with {@link KEY_ALGORITHM}; throws when it does not parse. */
export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----/.exec(pem)?.[1];
  if (!body) throw new Error("not a PKCS#8 PEM private key");
  return webcrypto.subtle.importKey("pkcs8", Buffer.from(body.replace(/\s+/g, ""), "base64"), KEY_ALGORITHM, true, [
    "sign",
  ]) as Promise<CryptoKey>;
}
