import type { Duplex } from "node:stream";
import { createWebSocketStream, type WebSocket } from "ws";

/** Largest WebSocket message the hub sends a browser, bytes: a longer run of MQTT packets is split. */
export const MAX_WS_MESSAGE_BYTES = 64 * 1024;

/**
 * How long packets that follow a send within this window are gathered before they go out together,
 * ms. A packet after a quiet spell goes out at once; only a run of packets (a retained burst on
 * SUBSCRIBE, a flood) waits, at most this long.
 */
export const WS_COALESCE_MS = 4;

type WriteCallback = (error?: Error | null) => void;

function toBuffer(chunk: unknown, encoding: BufferEncoding | "buffer"): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, encoding === "buffer" ? "utf8" : encoding);
  return Buffer.from(chunk as Uint8Array);
}

/**
 * A duplex stream over an open WebSocket for the broker (MQTT 3.1.1 over WebSocket, docs/contract.md
 * "Live channel"): `ws`'s createWebSocketStream, with what the broker writes gathered into few
 * binary messages instead of one per write.
 *
 * Why: Aedes writes every packet through mqtt-packet's writeToStream, which writes the fixed header,
 * the topic and the payload as separate writes, and `ws` sent each as a WebSocket message of its
 * own. A 2,000-topic retained burst reached the browser as ~10,000 messages, each a task for
 * Chromium's WebSocket and for mqtt.js in the live worker: 2.3 s from the WebSocket opening to the
 * burst on screen at 1x CPU (DESIGN §6: within 1 s; bench/live-ingest.ts).
 *
 * How: a write after a quiet spell ({@link WS_COALESCE_MS} since the last send) goes out at once,
 * as one message with the other pieces of its packet; writes that follow within the window are
 * gathered and sent together when it ends, or as soon as {@link MAX_WS_MESSAGE_BYTES} are waiting.
 * MQTT over WebSocket lets packets share and span messages (MQTT 3.1.1 §6; mqtt.js parses a byte
 * stream). Backpressure: a gathered write is acknowledged at once while less than
 * {@link MAX_WS_MESSAGE_BYTES} wait (the most held here per connection); the write that fills the
 * buffer is acknowledged when its messages are handed to the socket. Ending the stream sends what
 * is waiting first.
 */
export function mqttWebSocketStream(socket: WebSocket): Duplex {
  const stream = createWebSocketStream(socket);
  let waiting: Buffer[] = [];
  let waitingBytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSendAt = Number.NEGATIVE_INFINITY;

  const send = (bytes: Buffer, callback?: WriteCallback) => {
    lastSendAt = performance.now();
    if (bytes.length === 0) return callback?.();
    for (let start = 0; start < bytes.length; start += MAX_WS_MESSAGE_BYTES) {
      const end = Math.min(bytes.length, start + MAX_WS_MESSAGE_BYTES);
      socket.send(bytes.subarray(start, end), end === bytes.length ? callback : undefined);
    }
  };
  const flush = (callback?: WriteCallback) => {
    clearTimeout(timer);
    timer = undefined;
    const bytes = Buffer.concat(waiting, waitingBytes);
    waiting = [];
    waitingBytes = 0;
    if (socket.readyState !== socket.OPEN) return callback?.(new Error("the WebSocket is not open"));
    send(bytes, callback);
  };
  const write = (bytes: Buffer, callback: WriteCallback) => {
    if (socket.readyState !== socket.OPEN) return callback(new Error("the WebSocket is not open"));
    if (timer === undefined && performance.now() - lastSendAt >= WS_COALESCE_MS) return send(bytes, callback);
    waiting.push(bytes);
    waitingBytes += bytes.length;
    if (waitingBytes >= MAX_WS_MESSAGE_BYTES) return flush(callback);
    timer ??= setTimeout(() => flush(), WS_COALESCE_MS);
    callback();
  };

  stream._write = (chunk: unknown, encoding, callback) => write(toBuffer(chunk, encoding), callback);
  stream._writev = (chunks, callback) =>
    write(Buffer.concat(chunks.map(({ chunk, encoding }) => toBuffer(chunk, encoding))), callback);
  const final = stream._final.bind(stream);
  stream._final = (callback) => {
    if (waitingBytes > 0) flush();
    final(callback);
  };
  const destroy = stream._destroy.bind(stream);
  stream._destroy = (error, callback) => {
    clearTimeout(timer);
    waiting = [];
    waitingBytes = 0;
    destroy(error, callback);
  };
  return stream;
}
