import { request } from "node:https";
import { connect, type PeerCertificate } from "node:tls";

/** What {@link httpsRequest} answers. */
export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request to `127.0.0.1:port` as if to `https://<servername>` (SNI and Host), trusting
 * only `ca` (PEM): a certificate not signed by it, or not naming `servername`, rejects. For tests
 * and checks that must not depend on name resolution.
 */
export function httpsRequest(
  port: number,
  servername: string,
  path: string,
  ca: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        servername,
        ca,
        headers: { host: `${servername}:${port}`, ...options.headers },
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * The certificate a TLS server on `127.0.0.1:port` presents for `servername` (not verified: the
 * caller checks what it needs, e.g. the serial number after a renewal).
 */
export function peerCertificate(port: number, servername: string): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, servername, rejectUnauthorized: false }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve(certificate);
    });
    socket.on("error", reject);
  });
}
