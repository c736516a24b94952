import type { FastifyInstance } from "fastify";

/**
 * Content-Security-Policy of the hub (DESIGN.md §7): no inline script, no framing. Inline style only
 * by hash: `styleHashes` are the `'sha256-…'` sources of the built index.html's shell `<style>`
 * (hub/http/shell-style.ts); React's `style` props go through the CSSOM, which CSP does not
 * govern.
 */
export function contentSecurityPolicy(
  styleHashes: readonly string[] = [],
  imageOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(" "),
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "connect-src 'self' ws: wss:",
    "media-src 'self' blob:",
    // blob: for mqtt.js's worker timers, which keep the MQTT keepalive on time in a background tab
    // (a throttled main-thread timer would make the broker drop the connection).
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy without any inline style allowed. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * `imageOrigin` answers the one extra origin images may come from (the GPS map's tile server of
 * setting `gpsTileUrl`), or null.
 * Adds CSP, X-Content-Type-Options nosniff and Referrer-Policy same-origin to every response. The
 * policy is {@link contentSecurityPolicy} with the style hashes `styleHashes` answers at the time
 * (hub/http/shell-style.ts); none by default.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  styleHashes: () => readonly string[] = () => [],
  imageOrigin: () => string | null = () => null,
): void {
  let hashes: readonly string[] = [];
  let image: string | null = null;
  let policy = CONTENT_SECURITY_POLICY;
  app.addHook("onSend", async (_request, reply, payload) => {
    const current = styleHashes();
    const currentImage = imageOrigin();
    if (current !== hashes || currentImage !== image) {
      hashes = current;
      image = currentImage;
      policy = contentSecurityPolicy(current, currentImage === null ? [] : [currentImage]);
    }
    reply.header("Content-Security-Policy", policy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    return payload;
  });
}
