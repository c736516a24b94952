import { RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from "werift";

/** What a test viewer received: whole VP8 frames (RTP packets up to a marker bit) and every packet. */
export interface ViewerStats {
  frames: number;
  packets: RtpPacket[];
  keyframeFirst: boolean | null;
}

/**
 * A receive-only WebRTC viewer for hub tests, shaped like the dashboard's (src/features/cameras/rtc.ts):
 * recvonly video and audio transceivers, the SDP offer after ICE gathering (host candidates on
 * loopback only, no STUN), then `accept(answer)`. Counts the frames and packets that arrive.
 */
export async function openViewer(): Promise<{
  offer: string;
  accept(answer: string): Promise<void>;
  stats: ViewerStats;
  pc: RTCPeerConnection;
  close(): Promise<void>;
}> {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ["127.0.0.1"],
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: "video/VP8",
          clockRate: 90_000,
          payloadType: 100,
          rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }],
        }),
      ],
      audio: [new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48_000, channels: 2, payloadType: 111 })],
    },
  });
  const stats: ViewerStats = { frames: 0, packets: [], keyframeFirst: null };
  pc.addTransceiver("video", { direction: "recvonly" });
  pc.addTransceiver("audio", { direction: "recvonly" });
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((packet) => {
      if (stats.keyframeFirst === null) {
        // VP8 payload descriptor (RFC 7741) then the frame: bit 0 of the frame's first byte is 0 for a keyframe.
        const x = (packet.payload[0] ?? 0) & 0x80;
        const i = x ? (packet.payload[1] ?? 0) & 0x80 : 0;
        const m = i ? (packet.payload[2] ?? 0) & 0x80 : 0;
        const offset = 1 + (x ? 1 : 0) + (i ? (m ? 2 : 1) : 0);
        stats.keyframeFirst = ((packet.payload[offset] ?? 1) & 1) === 0;
      }
      stats.packets.push(packet);
      if (packet.header.marker) stats.frames += 1;
    });
  });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, 3000);
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    offer: pc.localDescription?.sdp ?? "",
    accept: async (answer) => {
      await pc.setRemoteDescription({ type: "answer", sdp: answer });
    },
    stats,
    pc,
    close: () => pc.close(),
  };
}
