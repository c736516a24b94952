import { describe, expect, it } from "vitest";
import { HubError } from "../../core/errors";
import { addressKey, checkOffer, RTC_OFFER_LIMITS } from "./offer";

/** The shape of Chromium's offer for the dashboard's recvonly video and audio (codec lines shortened), with `candidates` in the video m-line. */
function offer(candidates: string[] = [], newline = "\r\n"): string {
  return [
    "v=0",
    "o=- 4214048853540174209 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0 1",
    "a=msid-semantic: WMS",
    "m=video 9 UDP/TLS/RTP/SAVPF 96 97",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=ice-ufrag:xSjs",
    "a=ice-pwd:ymTTgMd5q7CVbn9owdyIStk7",
    "a=setup:actpass",
    "a=mid:0",
    "a=recvonly",
    "a=rtcp-mux",
    "a=rtpmap:96 VP8/90000",
    "a=rtcp-fb:96 goog-remb",
    "a=rtcp-fb:96 transport-cc",
    "a=rtcp-fb:96 ccm fir",
    "a=rtcp-fb:96 nack",
    "a=rtcp-fb:96 nack pli",
    "a=rtpmap:97 rtx/90000",
    "a=fmtp:97 apt=96",
    "m=audio 9 UDP/TLS/RTP/SAVPF 111 63",
    "c=IN IP4 0.0.0.0",
    "a=mid:1",
    "a=recvonly",
    "a=rtcp-mux",
    "a=rtpmap:111 opus/48000/2",
    "a=rtcp-fb:111 transport-cc",
    "a=fmtp:111 minptime=10;useinbandfec=1",
    "a=rtpmap:63 red/48000/2",
    "a=fmtp:63 111/111",
    "",
  ].join(newline);
}

function refusal(sdp: string): string {
  try {
    checkOffer(sdp, "127.0.0.1");
  } catch (error) {
    if (error instanceof HubError) return `${error.code} ${error.message}`;
    throw error;
  }
  return "accepted";
}

describe("checkOffer: what the hub answers in a WebRTC offer", () => {
  it("passes the dashboard's offer (Chromium's shape) unchanged when it has no candidate, with CRLF or LF, an empty line at the end", () => {
    expect(checkOffer(offer())).toEqual({ sdp: offer(), dropped: 0 });
    expect(checkOffer(offer([], "\n")).sdp).toBe(offer([], "\n"));
    expect(checkOffer(`${offer()}\r\n`).sdp).toBe(`${offer()}\r\n`);
  });

  it("keeps UDP host candidates at the client's address (any spelling of it), at most 4 per m-line; drops mDNS names, other addresses, srflx, TCP, garbage and a=end-of-candidates", () => {
    const own = (port: number, address = "127.0.0.1") =>
      `a=candidate:1 1 udp 2113937151 ${address} ${port} typ host generation 0`;
    const dropped = [
      "a=candidate:3229890843 1 udp 2113937151 86cdd1c8-fb28-4113-a53a-4b6da344b014.local 36976 typ host generation 0 network-cost 999",
      "a=candidate:2 1 udp 2113937151 192.168.1.1 80 typ host",
      "a=candidate:3 1 udp 1686052607 127.0.0.1 50001 typ srflx raddr 0.0.0.0 rport 0",
      "a=candidate:4 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active",
      "a=candidate:5 1 udp 1 127.0.0.1 70000 typ host",
      "a=candidate:6 3 udp 1 127.0.0.1 5000 typ host",
      "a=candidate:garbage",
      "a=remote-candidates:1 127.0.0.1 5000",
    ];
    const checked = checkOffer(offer([own(5000), ...dropped, "a=end-of-candidates"]), "::ffff:127.0.0.1");
    expect(checked.sdp).toBe(offer([own(5000)]));
    expect(checked.dropped).toBe(dropped.length);

    const many = Array.from({ length: 6 }, (_, i) => own(5000 + i));
    expect(checkOffer(offer(many), "127.0.0.1").sdp).toBe(offer(many.slice(0, RTC_OFFER_LIMITS.candidatesPerMedia)));
    expect(checkOffer(offer([own(5000, "FE80:0:0::1")]), "fe80::1").sdp).toBe(offer([own(5000, "FE80:0:0::1")]));
    expect(checkOffer(offer([own(5000)])).sdp).toBe(offer()); // nobody to compare with: none kept
  });

  it("refuses what the hub does not answer, naming the rule", () => {
    const sdp = offer();
    expect(refusal(sdp.replace("a=group:BUNDLE 0 1\r\n", ""))).toMatch(/^BAD_REQUEST sdp: the offer must bundle/);
    expect(refusal(sdp.replace("a=mid:1\r\n", ""))).toBe("BAD_REQUEST sdp: every m-line needs one a=mid");
    expect(refusal(sdp.replace("m=audio", "m=video"))).toBe(
      "BAD_REQUEST sdp: the hub answers one video m-line; the offer has more",
    );
    expect(refusal(sdp.replace("m=audio", "m=text"))).toBe(
      "BAD_REQUEST sdp: the hub answers only video and audio m-lines",
    );
    expect(refusal(sdp.replace("SAVPF 96 97", "SAVPF 96 96"))).toMatch(/distinct payload types/);
    expect(refusal(sdp.replace("SAVPF 96 97", "SAVPF 96 128"))).toMatch(/distinct payload types/);
    expect(refusal(sdp.replace("a=fmtp:97 apt=96", "a=fmtp:97 apt=96\r\na=fmtp:97 apt=96"))).toBe(
      "BAD_REQUEST sdp: more than one a=fmtp line for one payload type",
    );
    expect(refusal(sdp.replace("a=rtcp-fb:96 nack\r\n", "a=rtcp-fb:96 nack\r\n".repeat(5)))).toBe(
      "BAD_REQUEST sdp: more than 8 a=rtcp-fb lines for one payload type",
    );
    expect(refusal(sdp.replace("a=rtpmap:97", "a=rtpmap:98"))).toMatch(
      /a=rtpmap line names a payload type the video m-line does not list/,
    );
    expect(refusal(sdp.replace("s=-", " s=-"))).toBe("BAD_REQUEST sdp: line 3 is not an SDP line (<letter>=<value>)");
    expect(refusal("v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n")).toBe(
      "BAD_REQUEST sdp: the offer has no video or audio m-line",
    );
  });

  it("addressKey: one spelling per IP address; a name is no address", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::FFFF:7f00:1")).toBe("127.0.0.1");
    expect(addressKey("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(addressKey("192.168.1.5")).toBe("192.168.1.5");
    expect(addressKey("127.000.0.1")).toBeUndefined();
    expect(addressKey("86cdd1c8-fb28-4113-a53a-4b6da344b014.local")).toBeUndefined();
  });
});
