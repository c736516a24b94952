import { createServer, connect } from "node:net";

/**
 * Asks the OS for a free TCP port on 127.0.0.1 (listen on port 0, read it, close).
 * There is a tiny window in which another process (another worker's hub) could take it; the OS hands
 * out ephemeral ports in sequence, so two workers asking at once get different ones.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("could not read the port of a probe server"));
        return;
      }
      const { port } = address;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves true when something accepts a TCP connection on 127.0.0.1:port, false otherwise. */
export async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `probe` every `intervalMs` until it resolves true or `timeoutMs` passes (then throws `what`). */
export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
