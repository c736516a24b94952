import { describe, expect, it } from "vitest";
import { parseHousehold } from "../household/load";

/** The household text with `cameras`. */
const householdWith = (cameras: unknown[]) => JSON.stringify({ cameras });

/** The error parseHousehold throws for `cameras`, or "" when it accepts them. */
function refusalOf(cameras: unknown[]): string {
  try {
    parseHousehold(householdWith(cameras), "household.json");
    return "";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe("household cameras: source types mjpeg, hls and rtsp", () => {
  it("defaults each camera's modes to what its source offers; demo and go2rtc keep hls off, mjpeg on", () => {
    const household = parseHousehold(
      householdWith([
        {
          id: "a",
          label: "A",
          source: { type: "mjpeg", url: "http://user:pass@cam/video.mjpg", snapshotUrl: "http://cam/snap.jpg" },
        },
        { id: "b", label: "B", source: { type: "hls", url: "https://cam/live/index.m3u8" } },
        {
          id: "c",
          label: "C",
          source: { type: "rtsp", url: "rtsp://user:pass@cam:554/stream1", mobileUrl: "rtsp://cam/stream2" },
        },
        { id: "d", label: "D", hls: false, source: { type: "rtsp", url: "rtsps://cam/stream1", transcode: true } },
        { id: "e", label: "E", source: { type: "go2rtc", url: "http://gw:1984", src: "e" } },
        { id: "f", label: "F" },
      ]),
      "household.json",
    );
    const modes = household.cameras?.map(({ id, hls, mjpeg, mobile }) => ({ id, hls, mjpeg, mobile }));
    expect(modes).toEqual([
      { id: "a", hls: false, mjpeg: true, mobile: false },
      { id: "b", hls: true, mjpeg: false, mobile: false },
      { id: "c", hls: true, mjpeg: true, mobile: true },
      { id: "d", hls: false, mjpeg: true, mobile: false },
      { id: "e", hls: false, mjpeg: true, mobile: false },
      { id: "f", hls: false, mjpeg: true, mobile: false },
    ]);
    expect(household.cameras?.[3]?.source).toEqual({ type: "rtsp", url: "rtsps://cam/stream1", transcode: true });
  });

  it("refuses what a source cannot do or a wrong URL, naming the field", () => {
    expect(refusalOf([{ id: "a", label: "A", hls: true, source: { type: "mjpeg", url: "http://cam/v.mjpg" } }])).toBe(
      "household.json: field cameras.0.hls: this source type has no HLS (only go2rtc, demo, hls and rtsp)",
    );
    expect(
      refusalOf([{ id: "a", label: "A", mjpeg: true, source: { type: "hls", url: "http://cam/i.m3u8" } }]),
    ).toMatch(/field cameras\.0\.mjpeg: this source type has no MJPEG/);
    expect(refusalOf([{ id: "a", label: "A", mobile: true, source: { type: "rtsp", url: "rtsp://cam/1" } }])).toMatch(
      /field cameras\.0\.mobile: .*mobileUrl/,
    );
    expect(refusalOf([{ id: "a", label: "A", source: { type: "rtsp", url: "http://cam/1" } }])).toMatch(
      /field cameras\.0\.source\.url: must be rtsp or rtsps/,
    );
    expect(refusalOf([{ id: "a", label: "A", source: { type: "mjpeg", url: "file:///etc/passwd" } }])).toMatch(
      /field cameras\.0\.source\.url: must be http or https/,
    );
    expect(refusalOf([{ id: "a", label: "A", source: { type: "hls", url: "http://cam/i.m3u8", src: "x" } }])).toBe(
      "household.json: field cameras.0.source: unknown field",
    );
    expect(refusalOf([{ id: "a", label: "A", source: { type: "onvif", url: "http://cam" } }])).toMatch(
      /field cameras\.0\.source\.type: /,
    );
  });
});
