import type { FastifyInstance } from "fastify";
import { createServer, type Server } from "node:https";
import type { Socket } from "node:net";
import type { TlsCertificates } from "./certificates";

/** The hub's HTTPS listener. */
export interface HttpsListener {
  /** The bound port (the asked one, or the one picked for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the same Fastify `app` (already listening on HTTP) over HTTPS on `host:port` with
 * `certificates`: each request goes to `app.routing`, each WebSocket upgrade (the `/mqtt` live
 * channel) to the app's upgrade handling, and a new certificate replaces the served one without a
 * restart (`setSecureContext`: new connections get it, open ones keep theirs). Rejects with a
 * message naming HUB_HTTPS_PORT when the port is in use.
 */
export async function listenHttps(
  app: FastifyInstance,
  certificates: TlsCertificates,
  port: number,
  host: string,
): Promise<HttpsListener> {
  const sockets = new Set<Socket>();
  const server: Server = createServer({ ...certificates.current() }, (request, response) =>
    app.routing(request, response),
  );
  server.on("upgrade", (request, socket, head) => app.server.emit("upgrade", request, socket, head));
  server.on("secureConnection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // The app's own limits, as on the HTTP listener.
  server.requestTimeout = app.server.requestTimeout;
  server.headersTimeout = app.server.headersTimeout;
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  const unsubscribe = certificates.onChange((pair) => server.setSecureContext({ ...pair }));
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      unsubscribe();
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`HTTPS port ${port} is already in use (set HUB_HTTPS_PORT to another port)`)
          : error,
      );
    });
    server.listen(port, host, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
  server.on("error", (error) => app.log.error({ err: error }, "https listener error"));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: async () => {
      unsubscribe();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}
