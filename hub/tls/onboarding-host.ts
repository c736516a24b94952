import { hostnameOfHeader } from "./names";

/**
 * The host of an HTTP `Host` header as it goes into a URL (hostnameOfHeader: a host name, an IPv4
 * address, or an IPv6 address in brackets), or null when the header is not a plain host[:port].
 */
export function hostOfHeader(header: string | undefined): string | null {
  const name = hostnameOfHeader(header);
  return name !== null && name.includes(":") ? `[${name}]` : name;
}

/**
 * The HTTPS address of the hub as a browser on the same network reaches it: `https://<host>:<port>/`
 * (no port for 443), or null when the host or the port is unknown.
 */
export function httpsAddress(host: string | null, port: number | null): string | null {
  if (host === null || port === null || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return port === 443 ? `https://${host}/` : `https://${host}:${port}/`;
}
