import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { HubLogger } from "../broker/link";
import { loadOrCreateCa, type LocalCa } from "./ca";
import { TlsSetupError } from "./errors";
import { machineNames, type ServerNames } from "./names";
import {
  issueServerCertificate,
  loadServerCertificate,
  renewalReason,
  RENEW_BEFORE_MS,
  SERVER_VALIDITY_MS,
  storeServerCertificate,
} from "./server-cert";

/**
 * How the hub gets its TLS certificate (README "Environment"): `off` (HUB_TLS=off: no HTTPS, no
 * MQTT over TLS), `local` (the hub's own CA in the data folder signs a server certificate for every
 * name it answers to, plus HUB_TLS_NAMES) or `household` (HUB_TLS_CERT / HUB_TLS_KEY: PEM files of
 * the household's own certificate chain and key, read again when they change).
 */
export type TlsSettings =
  | { mode: "off" }
  | {
      mode: "local";
      extraNames: string[];
      /** Test hooks: server certificate lifetime, renewal margin and check period (ms); defaults 397 d, 30 d, 1 h. */
      serverValidityMs?: number;
      renewBeforeMs?: number;
      checkIntervalMs?: number;
      /** Test hook: the machine's names (default {@link machineNames} of `extraNames`). */
      names?: () => ServerNames;
    }
  | {
      mode: "household";
      certPath: string;
      keyPath: string;
      /** How often the files are looked at (ms); default 2000. */ checkIntervalMs?: number;
    };

/** A certificate chain and key, PEM, as `tls.createSecureContext` takes them. */
export interface KeyPair {
  cert: string;
  key: string;
}

/** The hub's current TLS certificate, kept fresh while the hub runs. */
export interface TlsCertificates {
  /** The certificate and key to serve now. */
  current(): KeyPair;
  /** The local CA's certificate (PEM) for the onboarding page; null with a household certificate. */
  caCertificatePem(): string | null;
  /** Calls `listener` with each new certificate (renewal, changed names, changed files); answers an unsubscribe. */
  onChange(listener: (pair: KeyPair) => void): () => void;
  /** Stops the checks. */
  close(): void;
}

/**
 * Starts the hub's certificates for `settings` (not `off`). `local`: loads or creates the CA
 * (ca.ts), then serves the stored server certificate while it covers every name and has more than
 * the renewal margin left, else issues and stores a new one (for the same key, when there was
 * one); checked again every hour (and the listeners told of a new one, restart-free). `household`: reads and checks the two files, then
 * looks at them every 2 s and serves them again when they change (a bad new pair is logged and the
 * old one kept). Rejects with TlsSetupError (the hub does not start) for a CA or household file that
 * does not parse, a CA key others can read, a household key that does not match its certificate,
 * or a household certificate that has expired.
 */
export async function startCertificates(
  settings: Exclude<TlsSettings, { mode: "off" }>,
  dataDir: string,
  log: HubLogger,
  now: () => Date = () => new Date(),
): Promise<TlsCertificates> {
  const listeners = new Set<(pair: KeyPair) => void>();
  const publish = (pair: KeyPair) => {
    for (const listener of listeners) listener(pair);
  };
  let timer: NodeJS.Timeout;
  let current: KeyPair;
  let caPem: string | null = null;

  if (settings.mode === "local") {
    const ca = await loadOrCreateCa(dataDir, now());
    caPem = ca.certPem;
    const names = settings.names ?? (() => machineNames(settings.extraNames));
    const validity = settings.serverValidityMs ?? SERVER_VALIDITY_MS;
    const renewBefore = settings.renewBeforeMs ?? RENEW_BEFORE_MS;
    let serving = await freshServerCertificate(
      ca,
      dataDir,
      names(),
      now(),
      validity,
      renewBefore,
      log,
      await loadServerCertificate(dataDir, ca),
    );
    current = { cert: serving.certPem, key: serving.keyPem };
    let checking = false;
    timer = setInterval(
      () => {
        if (checking) return;
        checking = true;
        freshServerCertificate(ca, dataDir, names(), now(), validity, renewBefore, log, serving)
          .then((next) => {
            if (next === serving) return;
            serving = next;
            current = { cert: next.certPem, key: next.keyPem };
            publish(current);
          })
          .catch((error: unknown) =>
            log.error({ err: error }, "tls: could not renew the server certificate (the current one is still served)"),
          )
          .finally(() => (checking = false));
      },
      settings.checkIntervalMs ?? 60 * 60 * 1000,
    );
  } else {
    current = readHouseholdPair(settings.certPath, settings.keyPath, now());
    let seen = fileStamp(settings.certPath, settings.keyPath);
    let warnedExpiry = "";
    timer = setInterval(() => {
      const stamp = fileStamp(settings.certPath, settings.keyPath);
      if (stamp === seen) return;
      try {
        const next = readHouseholdPair(settings.certPath, settings.keyPath, now());
        seen = stamp;
        current = next;
        log.info({ cert: settings.certPath }, "tls: household certificate changed: serving the new one");
        publish(current);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== warnedExpiry)
          log.error(
            { err: message },
            "tls: the changed household certificate is not usable: still serving the previous one",
          );
        warnedExpiry = message;
      }
    }, settings.checkIntervalMs ?? 2000);
  }
  timer.unref();

  return {
    current: () => current,
    caCertificatePem: () => caPem,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}

/** `stored` when it still serves `names` at `now`, else a new certificate, stored in the data folder. */
async function freshServerCertificate(
  ca: LocalCa,
  dataDir: string,
  names: ServerNames,
  now: Date,
  validityMs: number,
  renewBeforeMs: number,
  log: HubLogger,
  stored: Awaited<ReturnType<typeof loadServerCertificate>>,
) {
  const reason = stored ? renewalReason(stored, names, now, renewBeforeMs) : "there is none yet";
  if (stored && reason === null) return stored;
  // The same key as before, so devices that pinned it (Tasmota) keep connecting after a renewal.
  const issued = await issueServerCertificate(ca, names, now, validityMs, stored?.keyPem);
  storeServerCertificate(dataDir, issued);
  log.info(
    { serial: issued.serial, notAfter: issued.notAfter.toISOString(), dns: names.dns, ips: names.ips },
    `tls: issued a new server certificate (${reason})`,
  );
  return issued;
}

/** Modification time, size and inode of both files, as one string ("" for a missing file). */
function fileStamp(...paths: string[]): string {
  return paths
    .map((path) => {
      try {
        const stat = statSync(path);
        return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return "";
      }
    })
    .join("|");
}

/**
 * Reads and checks a household certificate chain and key (PEM): both parse, the key belongs to the
 * first certificate, and that certificate has not expired at `now`. Throws TlsSetupError naming the
 * file otherwise.
 */
export function readHouseholdPair(certPath: string, keyPath: string, now: Date): KeyPair {
  const read = (path: string, what: string) => {
    try {
      return readFileSync(path, "utf8");
    } catch (error) {
      throw new TlsSetupError(
        `cannot read ${what} ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
  };
  const cert = read(certPath, "HUB_TLS_CERT");
  const key = read(keyPath, "HUB_TLS_KEY");
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch {
    throw new TlsSetupError(`HUB_TLS_CERT ${certPath} is not a PEM certificate`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new TlsSetupError(`HUB_TLS_KEY ${keyPath} is not a PEM private key (or it is encrypted)`);
  }
  if (!leaf.checkPrivateKey(privateKey))
    throw new TlsSetupError(`HUB_TLS_KEY ${keyPath} does not belong to the certificate in ${certPath}`);
  const notAfter = new Date(leaf.validTo);
  if (notAfter.getTime() <= now.getTime())
    throw new TlsSetupError(`HUB_TLS_CERT ${certPath} expired on ${notAfter.toISOString()}: renew it`);
  return { cert, key };
}
