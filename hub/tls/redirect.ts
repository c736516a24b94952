import type { FastifyInstance, FastifyRequest } from "fastify";
import { BAD_REQUEST } from "../../contract/errors";
import type { ErrorBody } from "../../contract/envelope";
import { hostnameOfHeader, isLocalhostHost } from "./names";

/** The health check: `GET /healthz` answers 200 `{"status":"ok"}` on HTTP and HTTPS, never redirected. */
export const HEALTH_PATH = "/healthz";

/**
 * Whether a path is served over plain HTTP to any host rather than redirected to HTTPS: the
 * onboarding page and the CA download (`/ca`, `/ca/...`, `/ca.<ext>` such as `/ca.crt`: a device
 * must fetch the CA before it trusts HTTPS) and the health check.
 */
export function isRedirectExempt(path: string): boolean {
  return path === HEALTH_PATH || path === "/ca" || path.startsWith("/ca/") || path.startsWith("/ca.");
}

/** The `https://` URL for the same host and path on `httpsPort`, or null when the Host header is not a plain host[:port]. */
export function httpsLocation(request: FastifyRequest, httpsPort: number): string | null {
  const name = hostnameOfHeader(request.headers.host);
  if (name === null) return null;
  const host = name.includes(":") ? `[${name}]` : name;
  return `https://${host}${httpsPort === 443 ? "" : `:${httpsPort}`}${request.url}`;
}

/**
 * Plain HTTP for `localhost` and loopback addresses (browsers count them as secure contexts): any
 * other Host the serving certificate covers (`serves(hostname)`) is answered 308 to the same path on
 * `https://<host>:<httpsPort()>`, except the paths of {@link isRedirectExempt}. A Host the certificate
 * does not cover stays on plain HTTP (a redirect would end on a certificate error; the dashboard then
 * says it is not secure and links the onboarding page, which names HUB_TLS_NAMES). A request that came
 * over HTTPS (directly, or through a proxy of HUB_TRUST_PROXY that says so) passes. A Host header that
 * is not a plain host[:port] gets 400.
 */
export function installHttpsRedirect(
  app: FastifyInstance,
  httpsPort: () => number,
  serves: (hostname: string) => boolean,
): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https" || isLocalhostHost(request.headers.host)) return;
    const path = request.url.split("?")[0] ?? "/";
    if (isRedirectExempt(path)) return;
    const name = hostnameOfHeader(request.headers.host);
    if (name !== null && !serves(name)) return;
    const location = httpsLocation(request, httpsPort());
    if (location === null)
      return reply
        .code(400)
        .send({ code: BAD_REQUEST, message: "the Host header is not a host name or address" } satisfies ErrorBody);
    return reply.code(308).header("location", location).header("cache-control", "no-store").send();
  });
}

/** Registers `GET /healthz`: 200 `{"status":"ok"}` while the hub serves. */
export function installHealthCheck(app: FastifyInstance): void {
  app.get(HEALTH_PATH, async (_request, reply) => reply.header("cache-control", "no-store").send({ status: "ok" }));
}
