import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server of a test fake: its base URL (`http://127.0.0.1:<port>`) and `close` (drops open connections). */
export interface FakeHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `handle` on a free loopback port; a handler that throws ends its connection. */
export async function listenFake(
  handle: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
): Promise<FakeHttpServer> {
  const server = createServer((request, response) => {
    void Promise.resolve()
      .then(() => handle(request, response))
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
