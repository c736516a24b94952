import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One POST a test push service received: its path, headers and raw body. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription made by the test: the keys it publishes and the private key it decrypts with. */
export interface TestSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts an aes128gcm body (RFC 8291) sent to this subscriber into its text. */
  decrypt(body: Buffer): string;
}

/**
 * A push service run by a test on loopback (node:http): it records every POST and answers each path
 * with the status queued for it by {@link answer} (default 201).
 */
export class TestPushService {
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly received: ReceivedPush[],
    private readonly statuses: Map<string, number[]>,
  ) {}

  /** Starts one on 127.0.0.1 (a free port). */
  static async start(): Promise<TestPushService> {
    const received: ReceivedPush[] = [];
    const statuses = new Map<string, number[]>();
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "";
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        const queued = statuses.get(path);
        response.statusCode = queued && queued.length > 0 ? (queued.shift() ?? 201) : 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    return new TestPushService(server, `http://127.0.0.1:${port}`, received, statuses);
  }

  /** The next POSTs to `path` are answered with `statuses`, in order (then 201 again). */
  answer(path: string, ...statuses: number[]): void {
    this.statuses.set(path, [...(this.statuses.get(path) ?? []), ...statuses]);
  }

  /** What was POSTed to `path`. */
  to(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  /** A subscriber at `path`: a fresh P-256 key pair and 16-byte auth secret, as a browser makes them. */
  subscriber(path: string): TestSubscriber {
    const ecdh = createECDH("prime256v1");
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      endpoint: `${this.origin}${path}`,
      keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
      decrypt: (body) => decryptAes128gcm(body, ecdh.computeSecret.bind(ecdh), publicKey, auth),
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The receiving side of RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm:
 * reads the header (salt 16, record size 4, key id length 1, the sender's ephemeral public key),
 * derives the shared secret (ECDH), IKM = HKDF(auth, ecdh, "WebPush: info\0" || ua_public ||
 * as_public, 32), CEK = HKDF(salt, IKM, "Content-Encoding: aes128gcm\0", 16), NONCE = HKDF(salt,
 * IKM, "Content-Encoding: nonce\0", 12), decrypts the one record with AES-128-GCM (tag: its last 16
 * bytes) and strips the padding (trailing zeros and the 0x02 delimiter of the last record).
 * @throws Error when the body is malformed or does not authenticate
 */
export function decryptAes128gcm(
  body: Buffer,
  computeSecret: (peer: Buffer) => Buffer,
  uaPublic: Buffer,
  auth: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize || record.length < 17) throw new Error("malformed aes128gcm body");
  const secret = computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error("no last-record padding delimiter");
  return plain.subarray(0, end - 1).toString("utf8");
}

/** The claims of a VAPID JWT (RFC 8292). */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Verifies a `vapid t=<jwt>, k=<key>` Authorization header (RFC 8292): `k` must be `publicKey`
 * (base64url uncompressed P-256), the JWT's header `{typ: JWT, alg: ES256}`, its ES256 signature
 * (raw r||s) valid for that key. Answers the claims.
 * @throws Error naming what failed
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization: ${authorization}`);
  if (match[2] !== publicKey) throw new Error("k is not the hub's VAPID public key");
  const [head = "", claims = "", signature = ""] = match[1].split(".");
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as Record<string, unknown>;
  if (header.alg !== "ES256" || header.typ !== "JWT") throw new Error(`bad JWT header ${JSON.stringify(header)}`);
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${head}.${claims}`);
  const valid = verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("JWT signature does not verify with the hub's public key");
  return JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as VapidClaims;
}
