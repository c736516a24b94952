import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { MAX_WS_MESSAGE_BYTES, WS_COALESCE_MS, mqttWebSocketStream } from "./ws-stream";

let server: WebSocketServer | undefined;
let client: WebSocket | undefined;

afterEach(async () => {
  client?.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = client = undefined;
});

/** A loopback WebSocket pair: the hub's end wrapped by mqttWebSocketStream, and a client that records every message. */
async function pair() {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await once(server, "listening");
  const accepted = once(server, "connection") as Promise<[WebSocket]>;
  client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const messages: Buffer[] = [];
  client.on("message", (data: Buffer) => messages.push(data));
  await once(client, "open");
  const [socket] = await accepted;
  return { stream: mqttWebSocketStream(socket), socket, messages };
}

/** Writes one packet the way mqtt-packet's writeToStream does: corked, in pieces, uncorked on the next tick. */
function writePacket(stream: NodeJS.WritableStream & { cork(): void; uncork(): void }, pieces: Buffer[]): void {
  stream.cork();
  for (const piece of pieces) stream.write(piece);
  process.nextTick(() => stream.uncork());
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("mqttWebSocketStream (the browsers' MQTT over WebSocket)", () => {
  it("sends a packet written in pieces (header, topic, payload) as one WebSocket message", async () => {
    const { stream, messages } = await pair();
    writePacket(stream, [
      Buffer.from([0x30, 0x0b]),
      Buffer.from([0x00, 0x03]),
      Buffer.from("a/b"),
      Buffer.from("hello!"),
    ]);
    await until(() => Buffer.concat(messages).length >= 13);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual(Buffer.concat([Buffer.from([0x30, 0x0b, 0x00, 0x03]), Buffer.from("a/bhello!")]));
  });

  it("packs a burst of 2,000 packets into few messages of at most 64 KiB, every byte in order", async () => {
    const { stream, messages } = await pair();
    const packets = Array.from({ length: 2000 }, (_, i) => [
      Buffer.from([0x31, 0x40]),
      Buffer.from(`power/bench_${i}/POWER1`.padEnd(40, ".")),
      Buffer.from("ON".padEnd(24, " ")),
    ]);
    for (const pieces of packets) writePacket(stream, pieces);
    const expected = Buffer.concat(packets.flat());
    await until(() => Buffer.concat(messages).length >= expected.length);
    expect(Buffer.concat(messages)).toEqual(expected);
    expect(messages.length).toBeLessThan(50); // was one message per piece: 6,000
    expect(Math.max(...messages.map((m) => m.length))).toBeLessThanOrEqual(MAX_WS_MESSAGE_BYTES);
  });

  it("sends a packet after a quiet spell at once, without waiting for others", async () => {
    const { stream, socket, messages } = await pair();
    const send = vi.spyOn(socket, "send");
    await new Promise((resolve) => setTimeout(resolve, WS_COALESCE_MS + 5));
    stream.write(Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]));
    expect(send).toHaveBeenCalledTimes(1); // synchronously, in the write itself
    await until(() => messages.length === 1);
    expect(messages[0]).toEqual(Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]));
  });

  it("gathers packets written one per event-loop turn, as Aedes delivers a retained burst, into few messages", async () => {
    const { stream, messages } = await pair();
    const packets = Array.from({ length: 500 }, (_, i) => Buffer.from(`packet ${i};`));
    for (const packet of packets) {
      stream.write(packet);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const expected = Buffer.concat(packets);
    await until(() => Buffer.concat(messages).length >= expected.length);
    expect(Buffer.concat(messages)).toEqual(expected);
    expect(messages.length).toBeLessThan(100);
  });

  it("sends what is still gathered before the stream ends", async () => {
    const { stream, messages } = await pair();
    stream.write(Buffer.from("first;"));
    stream.write(Buffer.from("gathered;"));
    stream.end();
    await until(() => Buffer.concat(messages).length >= 15);
    expect(Buffer.concat(messages).toString()).toBe("first;gathered;");
  });

  it("keeps backpressure: a batch's write callbacks run once its messages are handed to the socket", async () => {
    const { stream, messages } = await pair();
    stream.cork();
    const done = [
      new Promise((resolve) => stream.write(Buffer.alloc(MAX_WS_MESSAGE_BYTES, 1), resolve)),
      new Promise((resolve) => stream.write(Buffer.alloc(10, 2), resolve)),
    ];
    stream.uncork();
    await Promise.all(done);
    await until(() => Buffer.concat(messages).length >= MAX_WS_MESSAGE_BYTES + 10);
    expect(messages.map((m) => m.length)).toEqual([MAX_WS_MESSAGE_BYTES, 10]);
  });
});
