import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { DEMO_CLIP_DIR } from "../cameras/hls/demo";
import { parseClipPlaylist } from "../cameras/hls/playlist";
import { TS_PACKET_BYTES } from "../cameras/hls/mpegts";

/** One H.264 access unit (a picture): its NAL units without start codes. */
export type AccessUnit = Buffer[];

/**
 * The H.264 access units of MPEG-TS `segment` (ISO/IEC 13818-1): the payload of each video PES
 * packet (stream id 0xE0..0xEF, one picture each, as ffmpeg writes them) split on Annex B start
 * codes (ITU-T H.264 Annex B); access unit delimiters (NAL type 9) are dropped.
 */
export function accessUnitsOf(segment: Buffer): AccessUnit[] {
  const pes: Buffer[][] = [];
  let videoPid = -1;
  for (let at = 0; at + TS_PACKET_BYTES <= segment.length; at += TS_PACKET_BYTES) {
    const pid = ((segment[at + 1]! & 0x1f) << 8) | segment[at + 2]!;
    const unitStart = (segment[at + 1]! & 0x40) !== 0;
    const adaptation = (segment[at + 3]! >> 4) & 0x3;
    if (!(adaptation & 0x1)) continue;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + segment[at + 4]! : 0);
    if (payload >= at + TS_PACKET_BYTES) continue;
    if (
      unitStart &&
      segment.readUIntBE(payload, 3) === 1 &&
      segment[payload + 3]! >= 0xe0 &&
      segment[payload + 3]! <= 0xef
    ) {
      videoPid = pid;
      pes.push([segment.subarray(payload + 9 + segment[payload + 8]!, at + TS_PACKET_BYTES)]);
    } else if (pid === videoPid && !unitStart) {
      pes.at(-1)?.push(segment.subarray(payload, at + TS_PACKET_BYTES));
    }
  }
  return pes.map((parts) => splitAnnexB(Buffer.concat(parts)).filter((nal) => (nal[0]! & 0x1f) !== 9));
}

/** The NAL units of an Annex B byte stream (start codes `00 00 01` or `00 00 00 01`). */
export function splitAnnexB(stream: Buffer): Buffer[] {
  const starts: { at: number; length: number }[] = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      const long = i > 0 && stream[i - 1] === 0;
      starts.push({ at: long ? i - 1 : i, length: long ? 4 : 3 });
      i += 2;
    }
  }
  return starts
    .map((start, index) => stream.subarray(start.at + start.length, starts[index + 1]?.at ?? stream.length))
    .filter((nal) => nal.length > 0);
}

/** The largest RTP payload sent: a NAL unit above this goes as FU-A fragments (RFC 6184 §5.8). */
const MAX_PAYLOAD = 1_400;

/**
 * The RTP payloads of one NAL unit per RFC 6184: as it is (single NAL unit packet, §5.6) when it
 * fits {@link MAX_PAYLOAD}, else FU-A fragments (§5.8): FU indicator (F, NRI, type 28), FU header
 * (S, E, the NAL's type), then the NAL's bytes after its header.
 */
export function packetizeNal(nal: Buffer, max = MAX_PAYLOAD): Buffer[] {
  if (nal.length <= max) return [nal];
  const indicator = (nal[0]! & 0xe0) | 28;
  const type = nal[0]! & 0x1f;
  const fragments: Buffer[] = [];
  for (let at = 1; at < nal.length; at += max - 2) {
    const end = Math.min(nal.length, at + max - 2);
    const header = (at === 1 ? 0x80 : 0) | (end === nal.length ? 0x40 : 0) | type;
    fragments.push(Buffer.concat([Buffer.from([indicator, header]), nal.subarray(at, end)]));
  }
  return fragments;
}

/** One request the fake camera received: method, URL and whether it carried the right login. */
export interface RtspRequestSeen {
  method: string;
  url: string;
  authorized: boolean;
}

/** An RTSP camera on loopback: its `rtsp://127.0.0.1:<port>/stream1` URL (no login), what it saw, and `close`. */
export interface RtspCamera {
  url: string;
  port: number;
  requests: RtspRequestSeen[];
  /** Clients receiving RTP now. */
  readonly playing: number;
  close(): Promise<void>;
}

/**
 * A small RTSP 1.0 server (RFC 2326): the demo's simulated RTSP camera (ip-cameras.ts) and hub tests' fake one. it answers OPTIONS, DESCRIBE (SDP with one
 * H.264 track, `packetization-mode=1` and `sprop-parameter-sets`), SETUP (RTP over the RTSP TCP
 * connection only, `RTP/AVP/TCP;interleaved=0-1`; UDP is 461), PLAY, GET_PARAMETER and TEARDOWN,
 * and while playing sends the committed demo clip's H.264 (hub/cameras/media/hls/, 15 fps,
 * looped) in RTP per RFC 6184 (single NAL unit packets and FU-A) interleaved as `$`, channel 0,
 * length. With `login` it wants HTTP Basic authorization on every request (401 otherwise). It listens
 * on `host` (default 127.0.0.1) port `port` (default: any free one). @throws Error when it cannot listen
 */
export async function startRtspCamera(
  options: { login?: { user: string; password: string }; port?: number; host?: string } = {},
): Promise<RtspCamera> {
  const segments = parseClipPlaylist(readFileSync(join(DEMO_CLIP_DIR, "clip.m3u8"), "utf8"));
  const units = segments.flatMap((segment) => accessUnitsOf(readFileSync(join(DEMO_CLIP_DIR, segment.uri))));
  const sps = units.flat().find((nal) => (nal[0]! & 0x1f) === 7);
  const pps = units.flat().find((nal) => (nal[0]! & 0x1f) === 8);
  if (!sps || !pps || units.length === 0) throw new Error("fake RTSP: the demo clip has no H.264 SPS/PPS");
  const expected = options.login
    ? `Basic ${Buffer.from(`${options.login.user}:${options.login.password}`).toString("base64")}`
    : null;
  const requests: RtspRequestSeen[] = [];
  const players = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const sdp = (host: string) =>
    [
      "v=0",
      `o=- 1 1 IN IP4 ${host}`,
      "s=Fake camera",
      "t=0 0",
      "m=video 0 RTP/AVP 96",
      "c=IN IP4 0.0.0.0",
      "a=rtpmap:96 H264/90000",
      `a=fmtp:96 packetization-mode=1;profile-level-id=${sps.subarray(1, 4).toString("hex")};sprop-parameter-sets=${sps.toString("base64")},${pps.toString("base64")}`,
      "a=control:trackID=0",
      "",
    ].join("\r\n");

  const server = createServer((socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let timer: NodeJS.Timeout | null = null;
    const stop = () => {
      if (timer) {
        clearInterval(timer);
        players.delete(timer);
      }
      timer = null;
    };
    socket.on("close", () => (stop(), sockets.delete(socket)));
    socket.on("error", () => stop());
    const reply = (cseq: string, status: string, headers: Record<string, string> = {}, body = "") => {
      const lines = [
        `RTSP/1.0 ${status}`,
        `CSeq: ${cseq}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    };
    const play = () => {
      let frame = 0;
      let sequence = 0;
      const send = () => {
        const unit = units[frame % units.length]!;
        const payloads = unit.flatMap((nal) => packetizeNal(nal));
        payloads.forEach((payload, index) => {
          const rtp = Buffer.alloc(12);
          rtp[0] = 0x80;
          rtp[1] = (index === payloads.length - 1 ? 0x80 : 0) | 96;
          rtp.writeUInt16BE(sequence++ & 0xffff, 2);
          rtp.writeUInt32BE((frame * 6_000) >>> 0, 4);
          rtp.writeUInt32BE(0x12345678, 8);
          const header = Buffer.from([0x24, 0, 0, 0]);
          header.writeUInt16BE(rtp.length + payload.length, 2);
          socket.write(Buffer.concat([header, rtp, payload]));
        });
        frame += 1;
      };
      send();
      timer = setInterval(send, 1000 / 15);
      players.add(timer);
    };
    const handle = (head: string) => {
      const [requestLine = "", ...headerLines] = head.split("\r\n");
      const [method = "", url = ""] = requestLine.split(" ");
      const headers = new Map(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).trim().toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const cseq = headers.get("cseq") ?? "0";
      const authorized = expected === null || headers.get("authorization") === expected;
      requests.push({ method, url, authorized });
      if (!authorized) return reply(cseq, "401 Unauthorized", { "WWW-Authenticate": 'Basic realm="fake camera"' });
      switch (method) {
        case "OPTIONS":
          return reply(cseq, "200 OK", { Public: "OPTIONS, DESCRIBE, SETUP, PLAY, GET_PARAMETER, TEARDOWN" });
        case "DESCRIBE":
          return reply(
            cseq,
            "200 OK",
            { "Content-Base": `${url.replace(/\/$/, "")}/`, "Content-Type": "application/sdp" },
            sdp("127.0.0.1"),
          );
        case "SETUP":
          if (!/interleaved/i.test(headers.get("transport") ?? "")) return reply(cseq, "461 Unsupported Transport");
          return reply(cseq, "200 OK", {
            Transport: "RTP/AVP/TCP;unicast;interleaved=0-1",
            Session: "12345678;timeout=60",
          });
        case "PLAY":
          reply(cseq, "200 OK", { Session: "12345678", Range: "npt=0.000-" });
          if (!timer) play(); // after the answer: RTP before it would be dropped
          return;
        case "GET_PARAMETER":
          return reply(cseq, "200 OK", { Session: "12345678" });
        case "TEARDOWN":
          stop();
          reply(cseq, "200 OK", { Session: "12345678" });
          return void socket.end();
        default:
          return reply(cseq, "405 Method Not Allowed");
      }
    };
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (buffer[0] === 0x24) {
          // An interleaved frame from the client (its RTCP receiver reports): skipped.
          if (buffer.length < 4 || buffer.length < 4 + buffer.readUInt16BE(2)) return;
          buffer = buffer.subarray(4 + buffer.readUInt16BE(2));
          continue;
        }
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString("latin1");
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.subarray(end + 4 + length);
        handle(head);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `rtsp://127.0.0.1:${port}/stream1`,
    port,
    requests,
    get playing() {
      return players.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of players) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
