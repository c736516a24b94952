import { describe, expect, it } from "vitest";
import { RtcAnswerSchema, rtcPath } from "../../../src/shared/contract/cameras";
import { ErrorBodySchema } from "../../../src/shared/contract/envelope";
import { useCameraHub } from "../../testing/camera-hub";
import { call, jsonOf, type TestHub } from "../../testing/harness";
import { openViewer } from "../../testing/rtc-viewer";

const V5 = "/api/cameras/v5";

describe("POST ../v5/live/rtc/{cameraId}/{stream} (spec §7, issue 12)", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({}, (started) => ({ hub, cookie } = started));

  it("answers a demo camera's SDP offer with {item: {sdp}}; the viewer then receives the camera's VP8 frames", async () => {
    const viewer = await openViewer();
    try {
      const response = await call(hub, "POST", `${V5}${rtcPath("zoom", "mobile")}`, { cookie, body: { sdp: viewer.offer } });
      expect(response.status).toBe(200);
      const answer = await jsonOf(response, RtcAnswerSchema);
      expect(answer.item.sdp).toMatch(/^v=0\r\n[\s\S]*a=sendonly[\s\S]*a=end-of-candidates/);
      await viewer.accept(answer.item.sdp);
      const end = Date.now() + 10_000;
      while (viewer.stats.frames < 5 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(viewer.stats.frames).toBeGreaterThanOrEqual(5);
      expect(viewer.stats.keyframeFirst).toBe(true);
    } finally {
      await viewer.close();
    }
  });

  it("needs a session; unknown camera or stream 404; a bad body 400 naming the field, never echoing it", async () => {
    const body = { sdp: "v=0\r\n" };
    expect((await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { body })).status).toBe(401);
    for (const path of [rtcPath("nie-ma"), "/live/rtc/zoom/4k", rtcPath("brama", "mobile")]) {
      const missing = await call(hub, "POST", `${V5}${path}`, { cookie, body });
      expect(missing.status, path).toBe(404);
      expect((await jsonOf(missing, ErrorBodySchema)).code).toBe("NOT_FOUND");
    }
    for (const bad of [{}, { sdp: "" }, { sdp: "tajne-haslo" }, { sdp: 5 }, { sdp: "v=0\r\n", extra: 1 }]) {
      const response = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie, body: bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(/^(sdp|body)/);
      expect(error.message).not.toContain("tajne");
    }
    const notAnOffer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie, body: { sdp: "v=0\r\nm=application 9 nothing\r\n" } });
    expect(notAnOffer.status).toBe(400);
    expect((await jsonOf(notAnOffer, ErrorBodySchema)).message).toMatch(/^sdp: /);
  });
});
