import { createSocket, type Socket } from "node:dgram";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RTC_OFFER_MAX_LENGTH, RtcAnswerSchema, rtcPath } from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { useCameraHub } from "../../testing/camera-hub";
import { call, jsonOf, type TestHub } from "../../testing/harness";
import { openViewer } from "../../testing/rtc-viewer";

const V5 = "/api/cameras/v5";

/** Descriptors open in this process, the test hub's included (it runs in-process). */
const openDescriptors = () => readdirSync("/proc/self/fd").length;

/** An offer of `count` recvonly m-lines (video and audio by turns), each its own transport (no BUNDLE, ICE credentials of its own). */
function unbundledOffer(count: number): string {
  const fingerprint = Array.from({ length: 32 }, () => "AB").join(":");
  const media = Array.from({ length: count }, (_, i) => {
    const [kind, format] = i % 2 ? ["audio", "111 opus/48000/2"] : ["video", "96 VP8/90000"];
    const type = format.split(" ")[0];
    return [
      `m=${kind} 9 UDP/TLS/RTP/SAVPF ${type}`,
      "c=IN IP4 0.0.0.0",
      `a=mid:${i}`,
      `a=ice-ufrag:u${i}x`,
      `a=ice-pwd:abcdefghijklmnopqrstu${i}`,
      "a=setup:actpass",
      "a=recvonly",
      "a=rtcp-mux",
      `a=rtpmap:${format}`,
    ];
  });
  return [
    "v=0",
    "o=- 1 1 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    `a=fingerprint:sha-256 ${fingerprint}`,
    ...media.flat(),
    "",
  ].join("\r\n");
}

/** A UDP socket on `address` that counts the datagrams it receives. */
async function trap(address: string): Promise<{ port: number; received: () => number; close(): void }> {
  const socket: Socket = createSocket("udp4");
  let received = 0;
  socket.on("message", () => (received += 1));
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  return { port: socket.address().port, received: () => received, close: () => socket.close() };
}

describe("POST ../v5/live/rtc/{cameraId}/{stream} (spec §7)", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({}, (started) => ({ hub, cookie } = started));

  it("answers a demo camera's SDP offer with {item: {sdp}}; the viewer then receives the camera's VP8 frames", async () => {
    const viewer = await openViewer();
    try {
      const response = await call(hub, "POST", `${V5}${rtcPath("zoom", "mobile")}`, {
        cookie,
        body: { sdp: viewer.offer },
      });
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
    const notAnOffer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, {
      cookie,
      body: { sdp: "v=0\r\nm=application 9 nothing\r\n" },
    });
    expect(notAnOffer.status).toBe(400);
    expect((await jsonOf(notAnOffer, ErrorBodySchema)).message).toMatch(/^sdp: /);
  });

  it("an offer of 120 recvonly m-lines without BUNDLE (in werift a transport each: 370 descriptors for 15 s) gets 400 at once, 18 times over, and costs the hub no descriptor", async () => {
    const offer = unbundledOffer(120);
    expect(offer.length).toBeLessThan(RTC_OFFER_MAX_LENGTH); // refused for what it asks, not for its length
    await call(hub, "GET", `${V5}/cameras`, { cookie }); // the kept-alive connection the offers reuse
    const before = openDescriptors();
    let peak = before;
    for (let i = 0; i < 18; i++) {
      const started = performance.now();
      const response = await call(hub, "POST", `${V5}${rtcPath("ogrod")}`, { cookie, body: { sdp: offer } });
      expect(response.status).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toBe(
        "sdp: the hub answers one video m-line; the offer has more",
      );
      expect(performance.now() - started).toBeLessThan(1_000);
      peak = Math.max(peak, openDescriptors());
    }
    expect(peak - before).toBeLessThanOrEqual(2);
  });

  it("refuses with 400 naming the rule, never quoting the offer: no BUNDLE, two video m-lines, a data channel, a repeated a=rtpmap (60 KiB of it exhausted a 4 GB heap in werift), past 32 KiB", async () => {
    const viewer = await openViewer();
    try {
      const offer = viewer.offer.replace("a=rtcp-mux\r\n", "a=rtcp-mux\r\na=x-note:tajne-haslo\r\n");
      const video = /m=video[\s\S]*?(?=m=audio)/.exec(offer)![0];
      const cases: [string, string, RegExp][] = [
        [
          "no BUNDLE",
          offer.replace(/a=group:BUNDLE[^\r]*\r\n/, ""),
          /^sdp: the offer must bundle its m-lines into one transport/,
        ],
        ["BUNDLE without the audio", offer.replace("a=group:BUNDLE 0 1", "a=group:BUNDLE 0"), /a=group:BUNDLE/],
        [
          "two video m-lines",
          `${offer}${video.replace("a=mid:0", "a=mid:2")}`,
          /^sdp: the hub answers (at most )?one video/,
        ],
        [
          "a data channel",
          `${offer}m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=mid:2\r\n`,
          /^sdp: the hub answers only video and audio m-lines/,
        ],
        [
          "a repeated a=rtpmap",
          offer.replace("a=rtpmap:100 VP8/90000\r\n", "a=rtpmap:100 VP8/90000\r\n".repeat(1_200)),
          /^sdp: more than one a=rtpmap line for one payload type/,
        ],
        [
          "an a=rtpmap of a payload type not listed",
          offer.replace("a=rtpmap:100 VP8/90000", "a=rtpmap:101 VP8/90000"),
          /payload type the video m-line does not list/,
        ],
        ["past 32 KiB", offer.replace("a=x-note:", `a=x-note:${"x".repeat(RTC_OFFER_MAX_LENGTH)}`), /^sdp: /],
      ];
      for (const [name, sdp, message] of cases) {
        const started = performance.now();
        const response = await call(hub, "POST", `${V5}${rtcPath("ogrod")}`, { cookie, body: { sdp } });
        expect(response.status, name).toBe(400);
        const error = await jsonOf(response, ErrorBodySchema);
        expect(error.code, name).toBe("BAD_REQUEST");
        expect(error.message, name).toMatch(message);
        expect(error.message, name).not.toContain("tajne");
        expect(performance.now() - started, name).toBeLessThan(1_000);
      }
    } finally {
      await viewer.close();
    }
  });

  it("ignores candidates off the client's own address and any but UDP host ones: the hub's peer sends nothing to them while the real viewer connects and gets video", async () => {
    const elsewhere = await trap("127.0.0.2"); // another host, as far as the hub can tell
    const relayed = await trap("127.0.0.1"); // the client's own address, but a server-reflexive candidate
    const viewer = await openViewer();
    try {
      const planted =
        `a=candidate:1 1 udp 2130706431 127.0.0.2 ${elsewhere.port} typ host generation 0\r\n` +
        `a=candidate:2 1 udp 2130706430 127.0.0.1 ${relayed.port} typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n`;
      const sdp = viewer.offer.replace("c=IN IP4 0.0.0.0\r\n", `c=IN IP4 0.0.0.0\r\n${planted}`);
      const response = await call(hub, "POST", `${V5}${rtcPath("brama")}`, { cookie, body: { sdp } });
      expect(response.status).toBe(200);
      await viewer.accept((await jsonOf(response, RtcAnswerSchema)).item.sdp);
      const end = Date.now() + 10_000;
      while (viewer.stats.frames < 5 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(viewer.stats.frames).toBeGreaterThanOrEqual(5);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // ICE keeps checking pairs a while after it connected
      expect(elsewhere.received()).toBe(0);
      expect(relayed.received()).toBe(0);
    } finally {
      await viewer.close();
      elsewhere.close();
      relayed.close();
    }
  });
});
