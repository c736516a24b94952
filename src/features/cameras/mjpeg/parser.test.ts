import { describe, expect, it } from "vitest";
import { MultipartParser, boundaryOf } from "./parser";

const enc = new TextEncoder();
const jpeg = (n: number, size = 50) =>
  Uint8Array.from({ length: size }, (_, i) => (i === 0 ? 0xff : i === 1 ? 0xd8 : (n * 7 + i) % 256));
/** One part as the hub (and go2rtc, motion) sends it. */
const part = (boundary: string, body: Uint8Array, withLength = true) =>
  Uint8Array.from([
    ...enc.encode(
      `--${boundary}\r\nContent-Type: image/jpeg\r\n${withLength ? `Content-Length: ${body.length}\r\n` : ""}\r\n`,
    ),
    ...body,
    ...enc.encode("\r\n"),
  ]);
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe("the MJPEG multipart parser (spec §4, §7, §9)", () => {
  it("reads the boundary from the Content-Type, quoted or not; none is null", () => {
    expect(boundaryOf("multipart/x-mixed-replace; boundary=hubmjpegframe")).toBe("hubmjpegframe");
    expect(boundaryOf('multipart/x-mixed-replace;boundary="my frame"')).toBe("my frame");
    expect(boundaryOf("image/jpeg")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });

  it("splits frames however the chunks cut them, even one byte at a time, and inside the boundary", () => {
    const stream = concat(part("b", jpeg(1)), part("b", jpeg(2)), part("b", jpeg(3)));
    for (const size of [1, 3, 7, 64, stream.length]) {
      const parser = new MultipartParser("b");
      const frames: Uint8Array[] = [];
      for (let i = 0; i < stream.length; i += size) frames.push(...parser.push(stream.subarray(i, i + size)));
      expect(frames, `chunks of ${size}`).toEqual([jpeg(1), jpeg(2), jpeg(3)]);
    }
  });

  it("parts without Content-Length end at the next boundary", () => {
    const parser = new MultipartParser("b");
    expect(parser.push(concat(part("b", jpeg(1), false), part("b", jpeg(2), false)))).toEqual([jpeg(1)]);
    expect(parser.push(enc.encode("--b\r\n"))).toEqual([jpeg(2)]);
  });

  it("skips garbage before the first boundary", () => {
    const parser = new MultipartParser("b");
    expect(parser.push(concat(enc.encode("HTTP junk\r\n\r\n\xff\xd8 nonsense"), part("b", jpeg(4))))).toEqual([
      jpeg(4),
    ]);
  });

  it("a frame bigger than the buffer cap throws 'Buffer too big' and empties the buffer", () => {
    const parser = new MultipartParser("b", 1000);
    const big = part("b", jpeg(5, 2000));
    expect(() => parser.push(big)).toThrow("Buffer too big");
    expect(parser.buffered).toBe(0);
    expect(parser.push(part("b", jpeg(6)))).toEqual([jpeg(6)]);
  });

  it("a stream with another boundary yields no frame and holds little (a wrong boundary never grows the buffer)", () => {
    const parser = new MultipartParser("b");
    for (let i = 0; i < 50; i++) expect(parser.push(part("other", jpeg(i, 500)))).toEqual([]);
    expect(parser.buffered).toBeLessThan(10);
  });

  it("the spec's cap is 5,242,880 bytes: a part declaring more, or more bytes held, is 'Buffer too big'", () => {
    expect(() => new MultipartParser("b").push(enc.encode("--b\r\nContent-Length: 5242881\r\n\r\n"))).toThrow(
      "Buffer too big",
    );
    const parser = new MultipartParser("b");
    expect(parser.push(concat(enc.encode("--b\r\n\r\n"), new Uint8Array(5_242_000)))).toEqual([]);
    expect(() => parser.push(new Uint8Array(1000))).toThrow("Buffer too big");
  });
});
