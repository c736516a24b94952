import { randomInt } from "node:crypto";
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from "werift";
import { HubError } from "../../core/errors";
import type { ClipFrame, ClipPlayer } from "./clip";

/** Timeouts of one peer connection, milliseconds. */
export interface PeerTimeouts {
  /** ICE candidate gathering before the answer goes with the candidates it has (non-trickle, as go2rtc answers). */
  gatherMs: number;
  /** From the offer to a connected peer; after that the connection is closed. */
  connectMs: number;
  /** A connected peer that sent no RTCP (receiver reports, NACK, PLI) for this long is gone. */
  silenceMs: number;
}

/** Defaults: gathering 3 s, connect 15 s, RTCP silence 10 s (a browser sends receiver reports about every second). */
export const PEER_TIMEOUTS: PeerTimeouts = { gatherMs: 3_000, connectMs: 15_000, silenceMs: 10_000 };

/** The one video codec the hub sends: VP8 at 90 kHz with NACK and PLI feedback (the payload type is the offer's). */
function vp8Codec(): RTCRtpCodecParameters {
  return new RTCRtpCodecParameters({
    mimeType: "video/VP8",
    clockRate: 90_000,
    rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }],
  });
}

/** Opus, offered back only so an audio m-line of the offer can be answered (inactive: the demo has no sound). */
function opusCodec(): RTCRtpCodecParameters {
  return new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48_000, channels: 2 });
}

/**
 * One viewer's WebRTC session with a demo camera (hub side, werift): answers the browser's SDP
 * offer with a send-only VP8 video track (the offer's VP8 payload type, its own SSRC; any audio
 * m-line inactive), host ICE candidates only (no STUN or TURN; loopback included, so a browser on
 * the hub's own machine connects), after gathering completes or {@link PeerTimeouts.gatherMs}.
 * Once connected it sends the camera's shared {@link ClipPlayer} frames as RTP, starting at the
 * next keyframe, with its own sequence numbers, the marker bit on each frame's last packet.
 * It closes itself when ICE or DTLS fails, disconnects or closes, when it is not connected within
 * {@link PeerTimeouts.connectMs}, or when the browser sends no RTCP for {@link PeerTimeouts.silenceMs};
 * `onClosed` then runs once.
 */
export class DemoPeer {
  private readonly pc: RTCPeerConnection;
  private readonly track = new MediaStreamTrack({ kind: "video" });
  /** The SSRC the answer declares for the video (werift's sender writes it into every packet). */
  private ssrc = 0;
  private sequence = randomInt(0, 0x10000);
  private waitingForKeyframe = true;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRtcp = 0;
  private closed = false;

  constructor(
    private readonly player: ClipPlayer,
    private readonly onClosed: () => void,
    private readonly timeouts: PeerTimeouts = PEER_TIMEOUTS,
    iceAdditionalHostAddresses: string[] = ["127.0.0.1"],
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: [],
      iceAdditionalHostAddresses,
      codecs: { video: [vp8Codec()], audio: [opusCodec()] },
    });
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") this.connected();
      else if (state === "failed" || state === "disconnected" || state === "closed") this.close();
    });
    this.arm(timeouts.connectMs);
  }

  /** Whether this connection is closed. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Takes the browser's SDP offer and resolves with the complete SDP answer (all host candidates in it).
   * @throws HubError BAD_REQUEST when the offer is not a valid offer with VP8 video; the peer is closed then
   */
  async answer(offer: string): Promise<string> {
    try {
      try {
        await this.pc.setRemoteDescription({ type: "offer", sdp: offer });
      } catch {
        throw new HubError("BAD_REQUEST", "sdp: not a WebRTC offer with VP8 video");
      }
      const transceivers = this.pc.getTransceivers();
      const video = transceivers.find((transceiver) => transceiver.kind === "video");
      if (!video) throw new HubError("BAD_REQUEST", "sdp: the offer has no video");
      for (const transceiver of transceivers) if (transceiver !== video) transceiver.setDirection("inactive");
      video.setDirection("sendonly");
      await video.sender.replaceTrack(this.track);
      this.ssrc = video.sender.ssrc;
      video.sender.onRtcp.subscribe(() => (this.lastRtcp = Date.now()));
      await this.pc.setLocalDescription(await this.pc.createAnswer());
      await this.gathered();
      const sdp = this.pc.localDescription?.sdp;
      if (this.closed || !sdp) throw new HubError("INTERNAL", "the WebRTC session closed before it answered");
      return sdp;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Closes the connection (idempotent); `onClosed` runs once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.track.stop();
    this.pc.close().catch(() => undefined);
    this.onClosed();
  }

  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === "complete") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.timeouts.gatherMs);
      const { unSubscribe } = this.pc.iceGatheringStateChange.subscribe((state) => state === "complete" && done());
      function done() {
        clearTimeout(timer);
        unSubscribe();
        resolve();
      }
    });
  }

  /** Closes the connection after `ms` unless re-armed. */
  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.watch(), ms);
    this.timer.unref();
  }

  private connected(): void {
    if (this.closed || this.unsubscribe) return;
    // The browser's DTLS close alert (its pc.close()) closes the DTLS transport; werift does not pass that on to the connection state.
    const video = this.pc.getTransceivers().find((transceiver) => transceiver.kind === "video");
    video?.dtlsTransport.onStateChange.subscribe((state) => {
      if (state === "closed" || state === "failed") this.close();
    });
    this.lastRtcp = Date.now();
    this.arm(this.timeouts.silenceMs);
    this.unsubscribe = this.player.subscribe((frame) => this.send(frame));
  }

  /** Connect timeout, or a check of the browser's RTCP: silent for too long = gone. */
  private watch(): void {
    if (this.closed) return;
    const silent = Date.now() - this.lastRtcp;
    if (!this.unsubscribe || silent >= this.timeouts.silenceMs) return this.close();
    this.arm(this.timeouts.silenceMs - silent);
  }

  private send(frame: ClipFrame): void {
    if (this.closed) return;
    if (this.waitingForKeyframe && !frame.keyframe) return;
    this.waitingForKeyframe = false;
    const last = frame.payloads.length - 1;
    frame.payloads.forEach((payload, i) => {
      // The payload type is rewritten to the offer's VP8 one by the track (werift), the SSRC is the sender's.
      const header = new RtpHeader({
        payloadType: 96,
        sequenceNumber: this.sequence,
        timestamp: frame.timestamp,
        marker: i === last,
        ssrc: this.ssrc,
      });
      this.sequence = (this.sequence + 1) & 0xffff;
      this.track.writeRtp(new RtpPacket(header, payload));
    });
  }
}
