import { createReadStream } from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HubError } from "../../core/errors";
import type { SessionRegistry } from "../../core/session-registry";
import type { StreamLimiter } from "../mjpeg";
import { holdForSession } from "../session-hold";

/** What a `Range` header asks of a file of `size` bytes: all of it, bytes `start..end` (inclusive), or nothing it has. */
export type RangeAsk = { kind: "all" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

const RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 §14.1.2, one byte range): `bytes=a-b`
 * (end clamped to the file), `bytes=a-`, `bytes=-n` (the last n bytes). A missing header, another
 * unit, several ranges or bad syntax: the whole file (a server may ignore Range). A first byte at or
 * past the end, `b < a` or a suffix of 0: unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (header === undefined) return { kind: "all" };
  const match = RANGE.exec(header.trim());
  if (!match) return { kind: "all" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "all" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== "" && Number(last) < start)) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}

/**
 * Sends the MP4 at `path` (`size` bytes) as `video/mp4` with `Accept-Ranges: bytes`: 200 with the
 * whole file, 206 with `Content-Range: bytes a-b/size` for one range, 416 with `Content-Range:
 * bytes *\/size` for a range it does not have. Counted in `limiter` under `id` while it streams
 * (beyond: 429 TOO_MANY_STREAMS) and held under the request's session (its end cuts it).
 */
export function sendClipFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { id: string; path: string; size: number },
  limiter: StreamLimiter,
  sessions: SessionRegistry | undefined,
): FastifyReply {
  const ask = parseRange(request.headers.range, file.size);
  reply.header("Accept-Ranges", "bytes").header("Cache-Control", "private, no-cache");
  if (ask.kind === "unsatisfiable")
    return reply.code(416).header("Content-Range", `bytes */${file.size}`).type("video/mp4").send();
  const release = limiter.acquire(file.id);
  if (!release) throw new HubError("TOO_MANY_STREAMS", "too many playbacks are open");
  holdForSession(sessions, request, reply, { kind: "playback" });
  const [start, end] = ask.kind === "part" ? [ask.start, ask.end] : [0, file.size - 1];
  const stream = createReadStream(file.path, { start, end: Math.max(start, end) });
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    release();
  };
  stream.once("close", done);
  reply.raw.once("close", () => {
    done();
    stream.destroy();
  });
  if (ask.kind === "part") reply.code(206).header("Content-Range", `bytes ${start}-${end}/${file.size}`);
  reply.header("Content-Length", String(end - start + 1)).type("video/mp4");
  if (file.size === 0) {
    stream.destroy();
    return reply.send(Buffer.alloc(0));
  }
  return reply.send(stream);
}
