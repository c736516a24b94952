import http from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";

/** The largest SOAP answer the hub reads from a camera (bytes on the socket, headers included): 1 MiB. */
export const ONVIF_MAX_ANSWER_BYTES = 1024 * 1024;

/** Thrown (as the socket's error) when a camera's answer passes {@link ONVIF_MAX_ANSWER_BYTES}. */
export class AnswerTooLargeError extends Error {
  readonly code = "ONVIF_ANSWER_TOO_LARGE";
  constructor(limit: number) {
    super(`the camera's answer is larger than ${limit} bytes`);
  }
}

/** Destroys `socket` once more than `limit` bytes came in on it. */
function bound(socket: Duplex | null | undefined, limit: number): Duplex | null | undefined {
  if (!socket) return socket;
  let bytes = 0;
  socket.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limit) socket.destroy(new AnswerTooLargeError(limit));
  });
  return socket;
}

/**
 * An HTTP agent whose sockets are destroyed once an answer passes `limit` bytes, so a camera (or
 * anything answering at its address) cannot make the hub buffer an endless SOAP answer: the
 * request fails with {@link AnswerTooLargeError}. No keep-alive: one socket per request.
 */
export class BoundedHttpAgent extends http.Agent {
  constructor(private readonly limit: number = ONVIF_MAX_ANSWER_BYTES) {
    super({ keepAlive: false });
  }
  override createConnection(...args: Parameters<http.Agent["createConnection"]>): Duplex | null | undefined {
    return bound(super.createConnection(...args), this.limit);
  }
}

/** The https twin of {@link BoundedHttpAgent} (a camera's self-signed certificate is accepted: it is on the household's LAN). */
export class BoundedHttpsAgent extends https.Agent {
  constructor(private readonly limit: number = ONVIF_MAX_ANSWER_BYTES) {
    super({ keepAlive: false, rejectUnauthorized: false });
  }
  override createConnection(...args: Parameters<https.Agent["createConnection"]>): Duplex | null | undefined {
    return bound(super.createConnection(...args), this.limit);
  }
}
