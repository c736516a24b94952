import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { hostname as osHostname, networkInterfaces } from "node:os";

/** The names a server certificate covers: DNS names and IP addresses (subjectAltName entries). */
export interface ServerNames {
  dns: string[];
  ips: string[];
}

/** A DNS name as a certificate may carry it: labels of letters, digits and hyphens, `*.` only first. */
const DNS_NAME =
  /^(\*\.)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Whether `name` is usable as one HUB_TLS_NAMES entry: a DNS name (253 characters at most) or an IP address. */
export function isCertificateName(name: string): boolean {
  return isIP(name) !== 0 || (name.length <= 253 && DNS_NAME.test(name));
}

/**
 * The home-network domains a router's DNS commonly gives a machine besides mDNS's `.local`:
 * OpenWrt's and many routers' `lan`, and `home.arpa` (RFC 8375, the residential domain).
 */
const HOME_DOMAINS = ["local", "lan", "home.arpa"] as const;

/**
 * Every name the hub answers to on the home network: the machine's host name and
 * `<hostname>.local` (mDNS), `<hostname>.lan`, `<hostname>.home.arpa` (a router's DNS), `localhost`, each non-internal IPv4/IPv6 address of its interfaces plus 127.0.0.1 and ::1,
 * and `extra` (HUB_TLS_NAMES: DNS names or IP addresses). Sorted and without duplicates, so two
 * calls on an unchanged machine give equal lists. `host` and `interfaces` default to the machine's.
 */
export function machineNames(
  extra: readonly string[],
  host: string = osHostname(),
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): ServerNames {
  const dns = new Set<string>(["localhost"]);
  const ips = new Set<string>(["127.0.0.1", "::1"]);
  const shortName = host.trim().toLowerCase();
  if (shortName !== "" && isCertificateName(shortName) && isIP(shortName) === 0) {
    dns.add(shortName);
    const label = shortName.split(".")[0] ?? shortName;
    for (const domain of HOME_DOMAINS) dns.add(`${label}.${domain}`);
  }
  for (const list of Object.values(interfaces)) {
    for (const entry of list ?? []) {
      if (!entry.internal) ips.add(entry.address.split("%")[0] ?? entry.address);
    }
  }
  for (const name of extra) {
    if (isIP(name) !== 0) ips.add(name);
    else dns.add(name.toLowerCase());
  }
  return { dns: [...dns].sort(), ips: [...ips].sort() };
}

/** Whether every name of `wanted` is in `have` (a certificate for `have` serves `wanted`). */
export function coversNames(have: ServerNames, wanted: ServerNames): boolean {
  const dns = new Set(have.dns.map((name) => name.toLowerCase()));
  const ips = new Set(have.ips.map(normalizeIp));
  return wanted.dns.every((name) => dns.has(name.toLowerCase())) && wanted.ips.every((ip) => ips.has(normalizeIp(ip)));
}

/** An IP address in one spelling (IPv6 expanded through the URL parser), for comparisons. */
function normalizeIp(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname;
  } catch {
    return ip.toLowerCase();
  }
}

/**
 * The host name of a Host header value (`hub.lan:8080` -> `hub.lan`, `[::1]:8080` -> `::1`),
 * lower case; null when the value is not a plain host[:port].
 */
export function hostnameOfHeader(host: string | undefined): string | null {
  if (!host || host.length > 300) return null;
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed) return isIP(bracketed[1] ?? "") === 6 ? (bracketed[1] ?? "").toLowerCase() : null;
  const plain = /^([A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(host);
  return plain ? (plain[1] ?? "").toLowerCase() : null;
}

/**
 * Whether a Host header names this machine's loopback (`localhost`, `*.localhost`, 127.0.0.0/8,
 * ::1), with or without a port: browsers treat those as secure contexts over plain HTTP, so the
 * hub serves them there without a redirect.
 */
export function isLocalhostHost(host: string | undefined): boolean {
  const name = hostnameOfHeader(host);
  if (name === null) return false;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  return name === "::1" || name === "0:0:0:0:0:0:0:1";
}

/** Parsed certificates by their PEM (the serving certificate changes rarely). */
const parsed = new Map<string, X509Certificate>();

/**
 * Whether the certificate `pem` (the first of a chain) is valid for `name`, a host name or an IP
 * address as a browser would check it (subjectAltName, wildcards). Never throws: a PEM that does
 * not parse serves nothing.
 */
export function certificateServes(pem: string, name: string): boolean {
  let certificate = parsed.get(pem);
  if (!certificate) {
    try {
      certificate = new X509Certificate(pem);
    } catch {
      return false;
    }
    parsed.clear();
    parsed.set(pem, certificate);
  }
  return isIP(name) !== 0 ? certificate.checkIP(name) !== undefined : certificate.checkHost(name) !== undefined;
}
