import type { FastifyInstance } from "fastify";

/**
 * Content-Security-Policy of the hub (DESIGN.md §7): no inline script, no framing. Inline style only
 * by hash: `styleHashes` are the `'sha256-…'` sources of the built index.html's shell `<style>`
 * (issue 9, hub/http/shell-style.ts); React's `style` props go through the CSSOM, which CSP does not
 * govern.
 */
export function contentSecurityPolicy(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(" "),
    "img-src 'self' data: blob:",
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
 * Adds CSP (`policy`, by default {@link CONTENT_SECURITY_POLICY}), X-Content-Type-Options nosniff and
 * Referrer-Policy same-origin to every response.
 */
export function installSecurityHeaders(app: FastifyInstance, policy: string = CONTENT_SECURITY_POLICY): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Content-Security-Policy", policy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    return payload;
  });
}
