import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BrokerLink } from "../../broker/link";
import { openDb } from "../../domains";
import { type Db } from "../../core/db";
import { HubError } from "../../core/errors";
import { openViewer } from "../../testing/rtc-viewer";
import { tempDir, until as waitUntil } from "../../testing/harness";
import { HouseholdCamerasSchema, type CameraSource } from "../household";
import { StreamLimiter } from "../mjpeg";
import { CameraService } from "../service";
import { CameraEditStore } from "../store";
import * as v from "valibot";
import { RtcService } from "./service";

const CAMERAS = v.parse(HouseholdCamerasSchema, [
  { id: "zoom", label: "Furtka", mobile: true, source: { type: "demo", hue: 210 } },
  { id: "brama", label: "Brama", source: { type: "demo", hue: 30 } },
  { id: "wylaczona", label: "Wyłączona", enabled: false },
]);

/** Waits until `check` holds, at most `ms`. */
const until = (check: () => boolean, ms = 10_000) => waitUntil(check, ms, 50);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return error instanceof HubError ? error.code : String(error);
  }
}

describe("RtcService: WebRTC of the demo cameras", () => {
  let dir: string;
  let db: Db;
  let rtc: RtcService;
  const published: string[] = [];
  const link = { publish: (topic: string) => void published.push(topic) } as unknown as BrokerLink;
  const make = (options: ConstructorParameters<typeof RtcService>[2] = {}) =>
    new RtcService(
      new CameraService(CAMERAS, new CameraEditStore(db), link),
      new Map<string, CameraSource>(CAMERAS.map((camera) => [camera.id, camera.source])),
      options,
    );

  beforeEach(() => {
    dir = tempDir();
    db = openDb(dir);
  });
  afterEach(() => {
    rtc.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers an offer; the viewer gets VP8 frames over RTP starting at a keyframe, at the clip's 15 fps with continuous timestamps; closing the viewer (werift sends no DTLS close alert: the RTCP silence timeout notices) frees the connection and stops the clip", async () => {
    rtc = make({ timeouts: { gatherMs: 3_000, connectMs: 15_000, silenceMs: 3_000 } });
    const viewer = await openViewer();
    const answer = await rtc.answer("zoom", "full", viewer.offer);
    expect(answer).toMatch(/^v=0/);
    expect(answer).toMatch(/a=sendonly/);
    expect(answer).toMatch(/a=rtpmap:100 VP8\/90000/); // the offer's payload type
    expect(answer).toMatch(/a=candidate:.* 127\.0\.0\.1 \d+ typ host/);
    expect(answer).not.toMatch(/typ (srflx|relay)/);
    expect(rtc.open).toBe(1);
    await viewer.accept(answer);
    await until(() => viewer.stats.frames >= 20);
    expect(viewer.stats.keyframeFirst).toBe(true);
    expect(rtc.playing).toBe(1);
    const packets = viewer.stats.packets;
    expect(new Set(packets.map((packet) => packet.header.payloadType))).toEqual(new Set([100]));
    expect(new Set(packets.map((packet) => packet.header.ssrc)).size).toBe(1);
    const frameStamps = [...new Set(packets.map((packet) => packet.header.timestamp))];
    const steps = frameStamps.slice(1).map((stamp, i) => (stamp - frameStamps[i]! + 2 ** 32) % 2 ** 32);
    expect(new Set(steps)).toEqual(new Set([6000])); // 90 kHz / 15 fps, no jumps
    for (let i = 1; i < packets.length; i++)
      expect(packets[i]!.header.sequenceNumber).toBe((packets[i - 1]!.header.sequenceNumber + 1) & 0xffff);

    await viewer.close();
    await until(() => rtc.open === 0);
    expect(rtc.playing).toBe(0);
  });

  it("one clip player per camera stream feeds every viewer; the second viewer's frames come from the same clock", async () => {
    rtc = make();
    const first = await openViewer();
    await first.accept(await rtc.answer("brama", "full", first.offer));
    const second = await openViewer();
    await second.accept(await rtc.answer("brama", "full", second.offer));
    await until(() => first.stats.frames >= 5 && second.stats.frames >= 5);
    expect(rtc.open).toBe(2);
    expect(rtc.playing).toBe(1);
    const stampsOf = (packets: typeof first.stats.packets) => new Set(packets.map((packet) => packet.header.timestamp));
    const shared = [...stampsOf(second.stats.packets)].filter((stamp) => stampsOf(first.stats.packets).has(stamp));
    expect(shared.length).toBeGreaterThan(0);
    await first.close();
    await second.close();
  });

  it("unknown or disabled camera, unknown stream, mobile without a mobile stream: NOT_FOUND; an offer without VP8 video: BAD_REQUEST; nothing left open", async () => {
    rtc = make();
    const viewer = await openViewer();
    expect(await codeOf(rtc.answer("nie-ma", "full", viewer.offer))).toBe("NOT_FOUND");
    expect(await codeOf(rtc.answer("wylaczona", "full", viewer.offer))).toBe("NOT_FOUND");
    expect(await codeOf(rtc.answer("zoom", "4k", viewer.offer))).toBe("NOT_FOUND");
    expect(await codeOf(rtc.answer("brama", "mobile", viewer.offer))).toBe("NOT_FOUND");
    const audioOnly = viewer.offer.replace(/m=video[\s\S]*?(?=m=audio)/, "");
    expect(await codeOf(rtc.answer("zoom", "full", audioOnly))).toBe("BAD_REQUEST");
    expect(await codeOf(rtc.answer("zoom", "full", "v=0\r\nnot an offer"))).toBe("BAD_REQUEST");
    expect(rtc.open).toBe(0);
    await viewer.close();
  });

  it("bounds the connections per camera and in all (TOO_MANY_STREAMS); a connection that never connects is closed after the connect timeout", async () => {
    rtc = make({
      limiter: new StreamLimiter(2, 3),
      timeouts: { gatherMs: 1_000, connectMs: 1_500, silenceMs: 10_000 },
    });
    const viewers = await Promise.all([openViewer(), openViewer(), openViewer(), openViewer()]);
    // Offers answered but never accepted: like a browser that went away before connecting.
    await rtc.answer("zoom", "full", viewers[0]!.offer);
    await rtc.answer("zoom", "mobile", viewers[1]!.offer);
    expect(await codeOf(rtc.answer("zoom", "full", viewers[2]!.offer))).toBe("TOO_MANY_STREAMS");
    await rtc.answer("brama", "full", viewers[2]!.offer);
    expect(await codeOf(rtc.answer("brama", "full", viewers[3]!.offer))).toBe("TOO_MANY_STREAMS");
    expect(rtc.open).toBe(3);
    await until(() => rtc.open === 0, 5_000);
    expect(rtc.playing).toBe(0);
    await rtc.answer("brama", "full", viewers[3]!.offer); // places free again
    expect(rtc.open).toBe(1);
    await Promise.all(viewers.map((viewer) => viewer.close()));
  });

  it("close() (hub shutdown) closes every connection and stops the clips; later offers are refused", async () => {
    rtc = make();
    const viewer = await openViewer();
    await viewer.accept(await rtc.answer("zoom", "full", viewer.offer));
    await until(() => viewer.stats.frames >= 2);
    rtc.close();
    expect(rtc.open).toBe(0);
    expect(rtc.playing).toBe(0);
    const received = viewer.stats.frames;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(viewer.stats.frames).toBeLessThanOrEqual(received + 1);
    expect(await codeOf(rtc.answer("zoom", "full", viewer.offer))).toBe("NOT_FOUND");
    await viewer.close();
  });
});
