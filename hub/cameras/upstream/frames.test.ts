import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HubError } from "../../core/errors";
import { freePort, until as waitUntil } from "../../testing/harness";
import { Go2rtcClient } from "../go2rtc/client";
import { UpstreamFrames } from "./frames";

const JPEG = (n: number) => Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]);
const FAST = { lingerMs: 100, retryMs: 100, readTimeoutMs: 400, firstFrameMs: 1_000 };

/** Waits until `check` holds, at most `ms`. */
const until = (check: () => boolean, ms = 3_000) => waitUntil(check, ms, 20);

describe("UpstreamFrames (a camera's proxied MJPEG, here from go2rtc)", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** An upstream that sends `frames` frames each connection and then stalls (keeps the connection open, silent). */
  async function stallingUpstream(frames: number) {
    const state = { connections: 0, open: new Set<ServerResponse>() };
    const server = createServer((_request, response) => {
      state.connections += 1;
      state.open.add(response);
      response.once("close", () => state.open.delete(response));
      response.writeHead(200, { "Content-Type": "multipart/x-mixed-replace; boundary=frame" });
      for (let i = 0; i < frames; i++)
        response.write(
          Buffer.concat([
            Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: 5\r\n\r\n`),
            JPEG(i),
            Buffer.from("\r\n"),
          ]),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state };
  }

  it("a stalled upstream is closed and opened again while someone watches; nothing is left open after the last viewer", async () => {
    const upstream = await stallingUpstream(2);
    const frames = new UpstreamFrames(new Go2rtcClient({ url: upstream.url, src: "x" }), FAST);
    cleanups.push(() => frames.close());
    const got: Buffer[] = [];
    const stop = frames.subscribe((jpeg) => got.push(jpeg));
    await until(() => upstream.state.connections >= 2 && got.length >= 4);
    expect(got[0]).toEqual(JPEG(0));
    stop();
    await until(() => upstream.state.open.size === 0 && !frames.streaming);
  });

  it("ready() refuses at once when the gateway is down or sends no MJPEG (DEVICE_UNREACHABLE), and never throws into the hub", async () => {
    const dead = new UpstreamFrames(new Go2rtcClient({ url: `http://127.0.0.1:${await freePort()}`, src: "x" }), FAST);
    cleanups.push(() => dead.close());
    const started = Date.now();
    const error = await dead.ready().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).code).toBe("DEVICE_UNREACHABLE");
    expect(Date.now() - started).toBeLessThan(900);

    const html = createServer((_request, response) =>
      response.writeHead(200, { "Content-Type": "text/html" }).end("<h1>login</h1>"),
    );
    await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => (html.closeAllConnections(), html.close(() => resolve()))));
    const wrong = new UpstreamFrames(
      new Go2rtcClient({ url: `http://127.0.0.1:${(html.address() as AddressInfo).port}`, src: "x" }),
      FAST,
    );
    cleanups.push(() => wrong.close());
    await expect(wrong.ready()).rejects.toThrow(/not MJPEG/);
    await until(() => !wrong.streaming && !dead.streaming);
  });

  it("close() (hub shutdown) ends the upstream and drops the viewers", async () => {
    const upstream = await stallingUpstream(1);
    const frames = new UpstreamFrames(new Go2rtcClient({ url: upstream.url, src: "x" }), {
      ...FAST,
      readTimeoutMs: 60_000,
    });
    frames.subscribe(() => undefined);
    await until(() => upstream.state.open.size === 1);
    frames.close();
    expect(frames.listeners).toBe(0);
    await until(() => upstream.state.open.size === 0);
  });
});
