import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Addresses a push endpoint may never resolve to (unless the test option): loopback, private, link-local, CGNAT, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv6");

/** The IPv4 address an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) IPv6 address carries, else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** True when `address` (an IP literal) is loopback, private, link-local, CGNAT, multicast or reserved; a non-IP is true too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return PRIVATE.check(v4, "ipv4");
    return PRIVATE.check(bare, "ipv6");
  }
  return PRIVATE.check(bare, "ipv4");
}

/** True when `host` names this machine: `localhost` (and its subdomains) or a loopback IP literal. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  const family = isIP(bare);
  if (family === 4) return bare.startsWith("127.");
  if (family === 6) return bare === "::1" || /^::ffff:127\./.test(bare);
  return false;
}

/**
 * Why the hub refuses to POST to push endpoint `endpoint`, or null when it may: it must be an
 * `https://` URL without credentials whose host is a name or a public IP. With `allowPrivate` (tests)
 * a loopback or private host is admitted, and plain `http://` on loopback. A name's addresses are
 * checked again when it is resolved for each delivery ({@link guardedLookup}).
 */
export function endpointRefusal(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint is not a URL";
  }
  if (url.username !== "" || url.password !== "") return "endpoint must not hold credentials";
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate && loopback))
    return "endpoint must be https";
  if (allowPrivate) return null;
  if (loopback) return "endpoint must not be on this machine";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return isPrivateAddress(host) ? "endpoint must be on a public address" : null;
  if (!host.includes(".") || /\.(local|lan|home|internal|localdomain|home\.arpa)$/i.test(host))
    return "endpoint must be on a public host";
  return null;
}

/** Thrown (as the connection's error) when a push endpoint's name resolves to a private address. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`push endpoint ${host} resolves to a private address ${address}`);
    this.name = "PrivateAddressError";
  }
}

/**
 * A `lookup` for http(s).request that resolves as usual and fails with {@link PrivateAddressError}
 * when any address of the name is private (so a DNS answer cannot turn the hub's POST inward);
 * with `allowPrivate` it is the plain resolver.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const list = Array.isArray(addresses) ? addresses : [];
      if (!allowPrivate) {
        const inward = list.find((entry) => isPrivateAddress(entry.address));
        if (inward) return callback(new PrivateAddressError(hostname, inward.address), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}
