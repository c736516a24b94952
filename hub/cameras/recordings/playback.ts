import { Readable } from "node:stream";
import { mjpegPart } from "../mjpeg";
import type { ClipFrame } from "./clip";

/**
 * The body of `GET /recordings/{id}`: the clip's frames as `multipart/x-mixed-replace`
 * parts with the live stream's fixed boundary, each sent at its recorded offset (so the live view's
 * MJPEG reader shows it at the pace it was recorded), then the end. When the client goes the timer
 * stops and `onEnd` runs once.
 */
export function playbackStream(frames: readonly ClipFrame[], onEnd: () => void): Readable {
  let timer: NodeJS.Timeout | null = null;
  let next = 0;
  let ended = false;
  const started = Date.now();
  const finish = () => {
    if (ended) return;
    ended = true;
    if (timer) clearTimeout(timer);
    timer = null;
    onEnd();
  };
  const stream = new Readable({
    read() {
      // pacing is the timer's; nothing to do on demand
    },
    destroy(error, callback) {
      finish();
      callback(error);
    },
  });
  stream.once("end", finish);
  const sendDue = () => {
    timer = null;
    if (stream.destroyed) return;
    while (next < frames.length && (frames[next]?.offsetMs ?? 0) <= Date.now() - started) {
      const frame = frames[next];
      next += 1;
      if (frame) stream.push(mjpegPart(frame.jpeg));
    }
    if (next >= frames.length) {
      stream.push(null);
      return;
    }
    timer = setTimeout(sendDue, Math.max(0, (frames[next]?.offsetMs ?? 0) - (Date.now() - started)));
  };
  sendDue();
  return stream;
}
