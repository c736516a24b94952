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

/** One DNS label: letters, digits, inner hyphens, 1-63 characters (RFC 1123). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The host name or IP address of an HTTP `Host` header, lower-cased, without its port and without an
 * IPv6 address's brackets, or null when the header is not a plain host name (RFC 1123 labels, at
 * most 253 characters, a trailing dot dropped), an IPv4 address or a bracketed IPv6 address with an
 * optional numeric port. The header is chosen by the client: anything else (markup, spaces, user
 * info, a path) is refused rather than cleaned.
 */
export function hostnameOfHeader(header: string | undefined): string | null {
  if (header === undefined || header.length === 0 || header.length > 300) return null;
  let host = header;
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return null;
    const rest = host.slice(close + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return null;
    const inner = host.slice(1, close);
    return isIP(inner) === 6 ? inner.toLowerCase() : null;
  }
  const colon = host.indexOf(":");
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
    host = host.slice(0, colon);
  }
  if (isIP(host) === 4) return host;
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  if (!host.split(".").every((label) => LABEL.test(label))) return null;
  return host.toLowerCase();
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
