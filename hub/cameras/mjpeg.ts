import { Readable } from "node:stream";
import { MJPEG_BOUNDARY } from "../../contract/cameras";
import type { FrameSource } from "./source";

/** One part of the multipart stream: boundary line, part headers, the JPEG, CRLF. */
export function mjpegPart(jpeg: Buffer): Buffer {
  const head = Buffer.from(
    `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`,
    "latin1",
  );
  return Buffer.concat([head, jpeg, Buffer.from("\r\n", "latin1")]);
}

/**
 * The body of `GET /live/mjpeg/{cameraId}` (spec §7): a `multipart/x-mixed-replace` stream of the
 * source's JPEG frames with the fixed boundary {@link MJPEG_BOUNDARY}. Backpressure-safe: while the
 * client reads slower than frames come (the stream's buffer of about two frames is full) frames
 * are dropped, never queued, so a slow client always gets a recent frame and the hub's memory
 * stays flat. When the client goes (the response closes, Fastify destroys the stream) the
 * subscription ends and `onEnd` runs once.
 */
export function mjpegStream(source: FrameSource, onEnd: () => void): Readable {
  let wanting = true;
  let unsubscribe: (() => void) | null = null;
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    unsubscribe?.();
    unsubscribe = null;
    onEnd();
  };
  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      wanting = true;
    },
    destroy(error, callback) {
      finish();
      callback(error);
    },
  });
  stream.once("end", finish);
  unsubscribe = source.subscribe((jpeg) => {
    if (!wanting || stream.destroyed) return; // the client is behind: drop this frame
    wanting = stream.push(mjpegPart(jpeg));
  });
  return stream;
}

/**
 * Bounds the live streams the hub serves at once: at most `perCamera` per camera and `total` in
 * all (each is a frame producer and a socket). `acquire` returns the release function, or null
 * when the bound is reached.
 */
export class StreamLimiter {
  private readonly counts = new Map<string, number>();
  private all = 0;

  constructor(
    private readonly perCamera: number,
    private readonly total: number,
  ) {}

  /** Open streams now, in all. */
  get open(): number {
    return this.all;
  }

  /** Open streams of `camera` now. */
  count(camera: string): number {
    return this.counts.get(camera) ?? 0;
  }

  acquire(camera: string): (() => void) | null {
    const count = this.counts.get(camera) ?? 0;
    if (count >= this.perCamera || this.all >= this.total) return null;
    this.counts.set(camera, count + 1);
    this.all += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.all -= 1;
      const left = (this.counts.get(camera) ?? 1) - 1;
      if (left <= 0) this.counts.delete(camera);
      else this.counts.set(camera, left);
    };
  }
}
