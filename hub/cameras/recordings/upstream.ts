import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyReply } from "fastify";

/** The headers of an upstream clip answer passed back to the browser (Range support and the body's size). */
const PASSED_BACK = ["content-type", "content-length", "content-range", "accept-ranges"] as const;

/**
 * Sends an NVR's clip answer (`upstream`, already fetched with the browser's Range) on `reply`: its
 * status (200, 206, 416) and {@link PASSED_BACK} headers as the NVR gave them (`video/mp4` when it named
 * no type), `Cache-Control: no-store`, and its body streamed. `onEnd` runs once when the body ends, fails
 * or the browser goes (the upstream request is aborted then through `abort`).
 */
export function sendUpstream(
  reply: FastifyReply,
  upstream: Response,
  abort: () => void,
  onEnd: () => void,
): FastifyReply {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    abort();
    onEnd();
  };
  reply.status(upstream.status).header("Cache-Control", "no-store");
  for (const name of PASSED_BACK) {
    const value = upstream.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  if (upstream.headers.get("content-type") === null) reply.type("video/mp4");
  reply.raw.once("close", end);
  if (!upstream.body) {
    end();
    return reply.send("");
  }
  const body = Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>);
  body.once("error", end);
  body.once("end", end);
  return reply.send(body);
}
