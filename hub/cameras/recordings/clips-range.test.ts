import { describe, expect, it } from "vitest";
import { parseRange } from "./clips-range";

describe("a clip's Range header (RFC 9110 §14.1.2, one byte range)", () => {
  it("reads a-b, a- and -n, the end clamped to the file", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "part", start: 0, end: 999 });
    expect(parseRange("bytes=500-5000", 1000)).toEqual({ kind: "part", start: 500, end: 999 });
  });

  it("answers the whole file for no header, another unit, several ranges or bad syntax", () => {
    for (const header of [undefined, "items=0-1", "bytes=0-1,5-9", "bytes=abc", "bytes=-", "bytes=1-2-3", ""])
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: "all" });
  });

  it("is unsatisfiable (416) from the end on, backwards, for a suffix of 0 or an empty file", () => {
    for (const header of ["bytes=1000-", "bytes=99999999999999-", "bytes=500-100", "bytes=-0"])
      expect(parseRange(header, 1000), header).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-10", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
