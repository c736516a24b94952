import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MJPEG_BOUNDARY } from "../../../../contract/cameras";
import { startMjpegReader, type MjpegReader } from "./reader";

const enc = new TextEncoder();
const frame = (n: number) => Uint8Array.from([0xff, 0xd8, n, 0xff, 0xd9]);
const part = (body: Uint8Array) =>
  Uint8Array.from([
    ...enc.encode(`--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${body.length}\r\n\r\n`),
    ...body,
    13,
    10,
  ]);

/** A fake MJPEG endpoint: each fetch gets a stream the test controls. */
function fakeHub() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const signals: AbortSignal[] = [];
  let respond: "stream" | "hang" | "no-body" | 500 | 401 | 403 = "stream";
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    signals.push(init!.signal!);
    if (respond === "hang") return new Promise<Response>(() => undefined);
    if (respond === 500) return new Response("{}", { status: 500 });
    if (respond === 403)
      return Response.json({ code: "AUTH_SESSION_LOCKED", message: "Session locked" }, { status: 403 });
    if (respond === 401) return Response.json({ code: "AUTH_NO_SESSION", message: "No session" }, { status: 401 });
    const headers = { "content-type": `multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}` };
    if (respond === "no-body") return new Response(null, { headers });
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new Response(body, { headers });
  });
  return {
    fetch,
    streams,
    signals,
    set: (mode: typeof respond) => (respond = mode),
  };
}

describe("the MJPEG reader (spec §4, §8, §9)", () => {
  let reader: MjpegReader | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    reader?.stop();
    vi.useRealTimers();
  });

  it("hands over the latest frame of each chunk", async () => {
    const hub = fakeHub();
    const frames: number[] = [];
    reader = startMjpegReader({ url: "/live", fetch: hub.fetch, onFrame: (jpeg) => frames.push(jpeg[2]!) });
    await vi.advanceTimersByTimeAsync(0);
    hub.streams[0]!.enqueue(Uint8Array.from([...part(frame(1)), ...part(frame(2))]));
    await vi.advanceTimersByTimeAsync(0);
    hub.streams[0]!.enqueue(part(frame(3)));
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toEqual([2, 3]);
  });

  it("'Stream ended' restarts after 500 ms, not before", async () => {
    const hub = fakeHub();
    const errors: string[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
    });
    await vi.advanceTimersByTimeAsync(0);
    hub.streams[0]!.close();
    await vi.advanceTimersByTimeAsync(499);
    expect(errors).toEqual(["Stream ended"]);
    expect(hub.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.fetch).toHaveBeenCalledTimes(2);
  });

  it("a read that brings nothing for 3 s fails, the request is cancelled, and it restarts", async () => {
    const hub = fakeHub();
    const errors: string[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual(["Read timeout"]);
    expect(hub.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(hub.fetch).toHaveBeenCalledTimes(2);
  });

  it("no response within 7 s is a connect timeout; a 500 and a missing body are failures too", async () => {
    const hub = fakeHub();
    hub.set("hang");
    const errors: string[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
    });
    await vi.advanceTimersByTimeAsync(7000);
    expect(errors).toEqual(["Connect timeout"]);
    hub.set(500);
    await vi.advanceTimersByTimeAsync(500);
    expect(errors).toEqual(["Connect timeout", "HTTP 500"]);
    hub.set("no-body");
    await vi.advanceTimersByTimeAsync(500);
    expect(errors).toEqual(["Connect timeout", "HTTP 500", "No reader"]);
  });

  it("a frame over the buffer cap is 'Buffer too big' and restarts", async () => {
    const hub = fakeHub();
    const errors: string[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
      limits: { maxBufferBytes: 100 },
    });
    await vi.advanceTimersByTimeAsync(0);
    hub.streams[0]!.enqueue(part(new Uint8Array(200)));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(["Buffer too big"]);
    await vi.advanceTimersByTimeAsync(500);
    expect(hub.fetch).toHaveBeenCalledTimes(2);
  });

  it("stop() aborts the request and never restarts", async () => {
    const hub = fakeHub();
    const errors: string[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
    });
    await vi.advanceTimersByTimeAsync(0);
    reader.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hub.signals[0]!.aborted).toBe(true);
    expect(hub.fetch).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });

  it("a 403 AUTH_SESSION_LOCKED stops it for good: the refusal with its code goes to onRefused, nothing is retried", async () => {
    const hub = fakeHub();
    hub.set(403);
    const errors: string[] = [];
    const refusals: (string | undefined)[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onError: (e) => errors.push(e.message),
      onRefused: (e) => refusals.push(e.code),
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refusals).toEqual(["AUTH_SESSION_LOCKED"]);
    expect(errors).toEqual([]);
    expect(hub.fetch).toHaveBeenCalledTimes(1);
  });

  it("a 401 (the session is gone) stops it too, while a 500 keeps restarting", async () => {
    const hub = fakeHub();
    hub.set(401);
    const refusals: (number | undefined)[] = [];
    reader = startMjpegReader({
      url: "/live",
      fetch: hub.fetch,
      onFrame: () => undefined,
      onRefused: (e) => refusals.push(e.status),
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refusals).toEqual([401]);
    expect(hub.fetch).toHaveBeenCalledTimes(1);
    reader.stop();
    const busy = fakeHub();
    busy.set(500);
    reader = startMjpegReader({
      url: "/live",
      fetch: busy.fetch,
      onFrame: () => undefined,
      onRefused: (e) => refusals.push(e.status),
    });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(busy.fetch.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(refusals).toEqual([401]);
  });
});
