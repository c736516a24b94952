import { isIPv4, isIPv6 } from "node:net";

/** One DNS label: letters, digits, inner hyphens, 1–63 characters (RFC 1123). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The host name or IP address of an HTTP `Host` header, without its port, or null when the header
 * is not a plain host name (RFC 1123 labels, at most 253 characters), an IPv4 address or a
 * bracketed IPv6 address (`[fe80::1]`, answered with its brackets). The header is chosen by the
 * client, so anything else (markup, spaces, user info, a path) is refused rather than cleaned.
 */
export function hostOfHeader(header: string | undefined): string | null {
  if (header === undefined || header.length === 0 || header.length > 300) return null;
  let host = header;
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return null;
    const rest = host.slice(close + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return null;
    const inner = host.slice(1, close);
    return isIPv6(inner) ? `[${inner.toLowerCase()}]` : null;
  }
  const colon = host.indexOf(":");
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
    host = host.slice(0, colon);
  }
  if (isIPv4(host)) return host;
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  if (!host.split(".").every((label) => LABEL.test(label))) return null;
  return host.toLowerCase();
}

/**
 * The HTTPS address of the hub as a browser on the same network reaches it: `https://<host>:<port>/`
 * (no port for 443), or null when the host or the port is unknown.
 */
export function httpsAddress(host: string | null, port: number | null): string | null {
  if (host === null || port === null || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return port === 443 ? `https://${host}/` : `https://${host}:${port}/`;
}
