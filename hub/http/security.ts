import type { FastifyInstance } from "fastify";

/** Content-Security-Policy of the hub (DESIGN.md §7): no inline script, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  // blob: for mqtt.js's worker timers, which keep the MQTT keepalive on time in a background tab
  // (a throttled main-thread timer would make the broker drop the connection).
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Adds CSP, X-Content-Type-Options nosniff and Referrer-Policy same-origin to every response. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    return payload;
  });
}
