import { X509Certificate } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { HubError } from "../core/errors";
import { mobileconfig } from "./mobileconfig";
import { hostnameOfHeader } from "./names";
import { hostOfHeader, httpsAddress } from "./onboarding-host";
import { ONBOARDING_CSS, onboardingPage } from "./onboarding-page";

/** Where the onboarding routes read the hub's TLS state, asked on every request (the CA may appear or change at run time). */
export interface OnboardingSource {
  /** The local CA's certificate (PEM), or null when the hub has no CA (HUB_TLS=off, or the household's own certificate). */
  caPem: () => string | null;
  /** The port of the hub's HTTPS listener (HUB_HTTPS_PORT), or null when it serves no HTTPS. */
  httpsPort: () => number | null;
  /** Whether the serving certificate carries a host name or IP address (unbracketed); absent = every name. */
  serves?: (hostname: string) => boolean;
}

/** The parsed CA, kept while the PEM stays the same. */
interface Ca {
  /** The PEM as the source gave it. */
  source: string;
  /** The certificate alone, PEM. */
  pem: string;
  der: Buffer;
  fingerprint: string;
  name: string;
}

const NO_CA_MESSAGE =
  "Ten hub nie ma własnego urzędu certyfikacji (HUB_TLS=off albo certyfikat HUB_TLS_CERT): nie ma certyfikatu do pobrania";

/** The common name of an X.509 subject (`CN=…` line), or the whole subject. */
function commonName(subject: string): string {
  const line = subject.split("\n").find((part) => part.startsWith("CN="));
  return line === undefined ? subject : line.slice(3);
}

/**
 * Registers the onboarding routes (docs/contract.md "Onboarding: /ca, /ca.crt, /ca.mobileconfig"),
 * public (no session) and GET-only, for plain HTTP and HTTPS alike:
 * - `GET /ca`: the 'Zaufaj hubowi' page (HTML; 404 page when there is no CA);
 * - `GET /ca.css`: its stylesheet;
 * - `GET /ca.crt`: the CA certificate, DER `application/x-x509-ca-cert`, or PEM
 *   `application/x-pem-file` with `?format=pem`, as an attachment `hub-ca.crt` / `hub-ca.pem`;
 * - `GET /ca.mobileconfig`: an Apple configuration profile with the CA (`application/x-apple-aspen-config`).
 * Without a CA the downloads answer 404 NOT_FOUND. The page's HTTPS address and QR code use the
 * request's `Host` name only when it is a valid host name or IP address (it is client-chosen);
 * otherwise a placeholder is shown and no QR code. A PEM that does not parse answers 500 INTERNAL.
 */
export async function registerOnboarding(app: FastifyInstance, source: OnboardingSource): Promise<void> {
  let cached: Ca | null = null;
  const currentCa = (): Ca | null => {
    const pem = source.caPem();
    if (pem === null) return null;
    if (cached?.source !== pem) {
      const certificate = new X509Certificate(pem);
      cached = {
        source: pem,
        pem: certificate.toString(),
        der: certificate.raw,
        fingerprint: certificate.fingerprint256,
        name: commonName(certificate.subject),
      };
    }
    return cached;
  };
  const requireCa = (): Ca => {
    const ca = currentCa();
    if (ca === null) throw new HubError("NOT_FOUND", NO_CA_MESSAGE);
    return ca;
  };

  app.get("/ca", async (request: FastifyRequest, reply: FastifyReply) => {
    const ca = currentCa();
    const host = hostOfHeader(request.headers.host);
    const bare = hostnameOfHeader(request.headers.host);
    const uncoveredName = bare !== null && source.serves !== undefined && !source.serves(bare) ? bare : null;
    const httpsUrl = uncoveredName === null ? httpsAddress(host, source.httpsPort()) : null;
    const qrSvg =
      ca !== null && httpsUrl !== null
        ? await QRCode.toString(httpsUrl, { type: "svg", errorCorrectionLevel: "M", margin: 4 })
        : null;
    const html = onboardingPage({
      fingerprint: ca?.fingerprint ?? null,
      caName: ca?.name ?? null,
      httpsUrl,
      qrSvg,
      uncoveredName,
    });
    return reply
      .code(ca === null ? 404 : 200)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(html);
  });

  app.get("/ca.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("Cache-Control", "no-cache").send(ONBOARDING_CSS),
  );

  app.get<{ Querystring: { format?: string } }>("/ca.crt", async (request, reply) => {
    const ca = requireCa();
    const pem = request.query.format === "pem";
    return reply
      .type(pem ? "application/x-pem-file" : "application/x-x509-ca-cert")
      .header("Content-Disposition", `attachment; filename="${pem ? "hub-ca.pem" : "hub-ca.crt"}"`)
      .header("Cache-Control", "no-cache")
      .send(pem ? ca.pem : ca.der);
  });

  app.get("/ca.mobileconfig", async (_request, reply) => {
    const ca = requireCa();
    return reply
      .type("application/x-apple-aspen-config")
      .header("Content-Disposition", 'attachment; filename="hub-ca.mobileconfig"')
      .header("Cache-Control", "no-cache")
      .send(mobileconfig({ der: ca.der, name: ca.name }));
  });
}
