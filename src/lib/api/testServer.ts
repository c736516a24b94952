import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the test server saw it. */
export type SeenRequest = { method: string; url: string; body: string; at: number; cookie: string | undefined };

/** Handler of the test server; may answer late or never. */
export type TestHandler = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void;

/** A real HTTP server on 127.0.0.1 with a random port, for client tests (test-only helper). */
export type TestServer = { url: string; requests: SeenRequest[]; close(): Promise<void> };

/** Starts a real node:http server on loopback that records every request. */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
        cookie: req.headers.cookie,
      };
      requests.push(seen);
      handler(req, res, seen);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
