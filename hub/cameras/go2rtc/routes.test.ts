import { afterAll, describe, expect, it } from "vitest";
import {
  CamerasAnswerSchema,
  MJPEG_BOUNDARY,
  RtcAnswerSchema,
  mjpegPath,
  rtcPath,
  snapshotPath,
} from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { startFakeGo2rtc, type FakeGo2rtc } from "../../testing/fake-go2rtc";
import { readJpegParts, useCameraHub } from "../../testing/camera-hub";
import { call, freePort, jsonOf, type TestHub, until } from "../../testing/harness";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";
const HEAD = "v=0\r\no=- 42 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
/** A minimal offer the hub passes on: one video m-line, bundled. */
const OFFER = `${HEAD}a=group:BUNDLE 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=recvonly\r\na=rtpmap:96 VP8/90000\r\n`;

describe("go2rtc cameras: WebRTC offer, MJPEG and snapshot proxied by the hub", () => {
  let go2rtc: FakeGo2rtc;
  let hub: TestHub;
  let cookie: string;
  afterAll(() => go2rtc.close());
  useCameraHub(
    async () => {
      go2rtc = await startFakeGo2rtc({ streams: ["wejscie"] });
      const dead = `http://127.0.0.1:${await freePort()}`;
      return {
        cameras: [
          {
            id: "wejscie",
            label: "Wejście",
            source: { type: "go2rtc", url: go2rtc.url.replace("http://", "http://admin:s%40cret@"), src: "wejscie" },
          },
          { id: "martwa", label: "Bramka bez prądu", source: { type: "go2rtc", url: dead, src: "martwa" } },
          { id: "pomylka", label: "Zła nazwa", source: { type: "go2rtc", url: go2rtc.url, src: "nie-ma-takiej" } },
        ],
      };
    },
    (started) => ({ hub, cookie } = started),
  );

  it("forwards the browser's SDP offer to go2rtc's WHEP API as it is (application/sdp, ?src=, the login as Basic auth) and answers go2rtc's SDP as {item: {sdp}}", async () => {
    const response = await call(hub, "POST", `${V5}${rtcPath("wejscie")}`, { cookie, body: { sdp: OFFER } });
    expect(response.status).toBe(200);
    expect((await jsonOf(response, RtcAnswerSchema)).item.sdp).toBe(go2rtc.answer);
    expect(go2rtc.offers).toEqual([
      {
        src: "wejscie",
        contentType: "application/sdp",
        authorization: `Basic ${Buffer.from("admin:s@cret").toString("base64")}`,
        sdp: OFFER,
      },
    ]);
  });

  it("go2rtc never sees an offer beyond what the dashboard sends (120 m-lines, no BUNDLE: 400), nor candidates off the client's own address", async () => {
    const before = go2rtc.offers.length;
    const media = Array.from(
      { length: 120 },
      (_, i) => `m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:${i}\r\na=recvonly\r\na=rtpmap:96 VP8/90000\r\n`,
    ).join("");
    for (const sdp of [`${HEAD}${media}`, OFFER.replace(/a=group:BUNDLE.*\r\n/, "")]) {
      const refused = await call(hub, "POST", `${V5}${rtcPath("wejscie")}`, { cookie, body: { sdp } });
      expect(refused.status).toBe(400);
      expect((await jsonOf(refused, ErrorBodySchema)).message).toMatch(/^sdp: .*(m-line|BUNDLE)/);
    }
    expect(go2rtc.offers).toHaveLength(before);

    const own = "a=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host generation 0\r\n";
    const others = [
      "a=candidate:2 1 udp 2122260223 192.168.1.1 80 typ host\r\n",
      "a=candidate:3 1 udp 2113937151 86cdd1c8-fb28-4113-a53a-4b6da344b014.local 36976 typ host\r\n",
      "a=candidate:4 1 udp 1686052607 10.0.0.1 53 typ srflx raddr 127.0.0.1 rport 50000\r\n",
      "a=candidate:5 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active\r\n",
      "a=end-of-candidates\r\n",
    ];
    const response = await call(hub, "POST", `${V5}${rtcPath("wejscie")}`, {
      cookie,
      body: { sdp: `${OFFER}${own}${others.join("")}` },
    });
    expect(response.status).toBe(200);
    expect(go2rtc.offers.at(-1)?.sdp).toBe(`${OFFER}${own}`);
  });

  it("proxies MJPEG: one upstream stream for every viewer, the gateway's JPEGs re-sent with the hub's boundary; the upstream closes when the viewers go", async () => {
    const first = await call(hub, "GET", `${V1}${mjpegPath("wejscie")}`, { cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe(`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`);
    const second = await call(hub, "GET", `${V1}${mjpegPath("wejscie")}`, { cookie });
    expect(second.status).toBe(200);
    const [a, b] = await Promise.all([readJpegParts(first, 3), readJpegParts(second, 3)]);
    for (const jpeg of [...a, ...b]) expect(go2rtc.sent.some((sent) => sent.equals(jpeg))).toBe(true);
    expect(a[0]!.equals(a[2]!)).toBe(false);
    expect(go2rtc.streamsOpened).toBe(1);
    await until(() => go2rtc.openStreams === 0, 6_000); // after the 2 s linger
  });

  it("answers a snapshot from go2rtc's /api/frame.jpeg", async () => {
    const response = await call(hub, "GET", `${V1}${snapshotPath("wejscie")}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = Buffer.from(await response.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it("a dead gateway or a stream go2rtc does not have: 409 DEVICE_UNREACHABLE saying so, never the gateway's address; the hub keeps serving", async () => {
    const offer = { sdp: OFFER };
    for (const [camera, reason] of [
      ["martwa", /unreachable/],
      ["pomylka", /no such stream/],
    ] as const) {
      for (const [method, path, body] of [
        ["POST", `${V5}${rtcPath(camera)}`, offer],
        ["GET", `${V1}${mjpegPath(camera)}`, undefined],
        ["GET", `${V1}${snapshotPath(camera)}`, undefined],
      ] as const) {
        const response = await call(hub, method, path, { cookie, body });
        expect(response.status, `${method} ${path}`).toBe(409);
        const error = await jsonOf(response, ErrorBodySchema);
        expect(error.code).toBe("DEVICE_UNREACHABLE");
        expect(error.message).toMatch(reason);
        expect(error.message).not.toMatch(/127\.0\.0\.1|admin|cret/);
      }
    }
    expect((await jsonOf(await call(hub, "GET", `${V5}/cameras`, { cookie }), CamerasAnswerSchema)).items).toHaveLength(
      3,
    );
  });
});
