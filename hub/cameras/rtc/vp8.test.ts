import { describe, expect, it } from "vitest";
import { VP8_MAX_PAYLOAD, vp8Payloads } from "./vp8";

describe("vp8Payloads (RFC 7741 payload descriptor)", () => {
  it("splits a frame into payloads of at most 1200 bytes whose slices put together give the frame back", () => {
    const frame = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const payloads = vp8Payloads(frame, 7);
    expect(payloads.length).toBe(Math.ceil(5000 / (VP8_MAX_PAYLOAD - 4)));
    for (const payload of payloads) expect(payload.length).toBeLessThanOrEqual(VP8_MAX_PAYLOAD);
    expect(Buffer.concat(payloads.map((payload) => payload.subarray(4))).equals(frame)).toBe(true);
  });

  it("marks the start of the frame (S=1, PID 0) on the first payload only and carries the 15-bit PictureID on each", () => {
    const payloads = vp8Payloads(Buffer.alloc(3000, 1), 0x8123);
    expect([...payloads[0]!.subarray(0, 4)]).toEqual([0x90, 0x80, 0x80 | 0x01, 0x23]);
    for (const payload of payloads.slice(1)) expect([...payload.subarray(0, 4)]).toEqual([0x80, 0x80, 0x81, 0x23]);
  });

  it("a small frame is one payload", () => {
    const payloads = vp8Payloads(Buffer.from([1, 2, 3]), 1);
    expect(payloads).toHaveLength(1);
    expect([...payloads[0]!]).toEqual([0x90, 0x80, 0x80, 0x01, 1, 2, 3]);
  });
});
