import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { HouseholdCameraSchema } from "../household";
import { recordUrlOf } from "./clips-config";

const camera = (source: unknown, record: unknown) =>
  v.safeParse(HouseholdCameraSchema, { id: "garaz", label: "Garaż", source, record });
const issuesOf = (result: ReturnType<typeof camera>) =>
  (result.issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ""}: ${issue.message}`);

describe("a household camera's `record`", () => {
  it("takes its defaults: 20 s after the motion, at most 120 s, no ONVIF events, no pre-roll", () => {
    const parsed = camera({ type: "rtsp", url: "rtsp://cam/1" }, { motionSensor: "ruch_garaz" });
    expect(parsed.success && parsed.output.record).toEqual({
      motionSensor: "ruch_garaz",
      onvifEvents: false,
      seconds: 20,
      maxSeconds: 120,
      preSeconds: 0,
    });
  });

  it("is refused on a source the hub does not record, beyond its ranges, and for a sensor name that is not one topic segment", () => {
    expect(issuesOf(camera({ type: "mjpeg", url: "http://cam/video" }, {}))).toEqual([
      "record: only an rtsp or go2rtc camera records clips (another source: its NVR's recordings)",
    ]);
    expect(issuesOf(camera({ type: "rtsp", url: "rtsp://cam/1" }, { seconds: 60, maxSeconds: 30 }))).toEqual([
      "record.maxSeconds: must be at least `seconds`",
    ]);
    for (const record of [
      { seconds: 4 },
      { motionSensor: "sensor/#" },
      { motionSensor: "__proto__" },
      { pre: 3 },
      { preSeconds: 11 },
      { preSeconds: 1.5 },
      { preSeconds: -1 },
    ])
      expect(camera({ type: "rtsp", url: "rtsp://cam/1" }, record).success, JSON.stringify(record)).toBe(false);
  });

  it("records an rtsp camera's url, a go2rtc camera's RTSP restream on port 8554 with go2rtc's login, or record.url", () => {
    const record = { onvifEvents: false, seconds: 20, maxSeconds: 120, preSeconds: 0 };
    expect(recordUrlOf({ source: { type: "rtsp", url: "rtsp://a:b@cam/1" }, record })).toBe("rtsp://a:b@cam/1");
    expect(recordUrlOf({ source: { type: "go2rtc", url: "http://u:p@192.168.1.10:1984", src: "taras" }, record })).toBe(
      "rtsp://u:p@192.168.1.10:8554/taras",
    );
    expect(
      recordUrlOf({
        source: { type: "go2rtc", url: "http://gw:1984", src: "x" },
        record: { ...record, url: "rtsp://gw:9554/x" },
      }),
    ).toBe("rtsp://gw:9554/x");
    expect(recordUrlOf({ source: { type: "demo" }, record })).toBeNull();
  });
});
