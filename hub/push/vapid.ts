import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import webPush from "web-push";
import type { HubLogger } from "../broker/link";

/** The hub's VAPID key pair (RFC 8292), base64url: the uncompressed P-256 public point and the private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VapidFileSchema = v.object({
  publicKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/)),
  privateKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

/** The file under the data directory holding the hub's VAPID keys (mode 0600). */
export const VAPID_FILE = "push-vapid.json";

/**
 * The hub's VAPID keys, made once and kept in `<dataDir>/push-vapid.json` (mode 0600; every
 * subscription is bound to the public key, so it must survive restarts). A missing file is created;
 * an unreadable or malformed one is replaced by a new pair (logged: the panels must subscribe again).
 */
export function loadVapidKeys(dataDir: string, log: HubLogger): VapidKeys {
  const path = join(dataDir, VAPID_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    try {
      const parsed = v.safeParse(VapidFileSchema, JSON.parse(text));
      if (parsed.success) {
        chmodSync(path, 0o600);
        return parsed.output;
      }
    } catch {
      // replaced below
    }
    log.warn({ path }, "push: VAPID key file unreadable, a new pair is made (panels must subscribe again)");
  }
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(path, 0o600);
  return keys;
}
