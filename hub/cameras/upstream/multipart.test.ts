import { describe, expect, it } from "vitest";
import { MultipartSplitter, multipartBoundary } from "./multipart";

const part = (body: string, length = true) =>
  `--frame\r\nContent-Type: image/jpeg\r\n${length ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ""}\r\n${body}\r\n`;

describe("the hub's MJPEG splitter (go2rtc's /api/stream.mjpeg)", () => {
  it("reads the boundary of go2rtc's Content-Type, quoted or with leading dashes; nothing from other types", () => {
    expect(multipartBoundary("multipart/x-mixed-replace; boundary=frame")).toBe("frame");
    expect(multipartBoundary('multipart/x-mixed-replace;boundary="my frame"')).toBe("my frame");
    expect(multipartBoundary("multipart/x-mixed-replace; boundary=--myboundary")).toBe("myboundary");
    expect(multipartBoundary("image/jpeg")).toBeNull();
    expect(multipartBoundary("multipart/x-mixed-replace")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });

  it("splits parts however the chunks cut them, with or without Content-Length, skipping garbage before the first boundary", () => {
    const stream = Buffer.from(`garbage--fr${part("AAAA")}${part("B--frameB", true)}${part("CC", false)}--frame\r\n`);
    for (const size of [1, 3, 7, stream.length]) {
      const splitter = new MultipartSplitter("frame");
      const bodies: string[] = [];
      for (let at = 0; at < stream.length; at += size)
        bodies.push(...splitter.push(stream.subarray(at, at + size)).map((body) => body.toString()));
      expect(bodies, `chunks of ${size}`).toEqual(["AAAA", "B--frameB", "CC"]);
    }
  });

  it("refuses an oversized part or buffer ('Buffer too big') and starts clean afterwards", () => {
    const splitter = new MultipartSplitter("frame", 100);
    expect(() => splitter.push(Buffer.from("--frame\r\nContent-Length: 500\r\n\r\n"))).toThrow("Buffer too big");
    expect(() => splitter.push(Buffer.alloc(101))).toThrow("Buffer too big");
    expect(splitter.push(Buffer.from(part("ok"))).map(String)).toEqual(["ok"]);
  });
});
