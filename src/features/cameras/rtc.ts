import type { ApiClient } from "../../lib/api/client";
import { LIVE_VIEW, RtcAnswerSchema, rtcPath, type CameraStream, type RtcOfferBody } from "../../../contract/cameras";

/** How long ICE candidate gathering may take before the offer goes with what it has, ms. */
const GATHER_MS = 2000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * Opens a receive-only WebRTC session with camera `id` (spec §7): a peer connection with recvonly
 * video and audio transceivers, the SDP offer (after ICE gathering, at most 2 s) sent with `POST
 * ../v5/live/rtc/{cameraId}/{stream}` body `{sdp}`, and the answer from `item.sdp`. Resolves with
 * the peer connection (its tracks arrive on `ontrack`, set by `onTrack` before the offer); the
 * caller closes it. Rejects (closing it) on an API error or a bad answer. The SDP exchange is one
 * attempt of at most 30 s (spec §9: the live viewer's HTTP, 30 s, no retries; a POST is never
 * retried); its error code goes to the session like every camera API call's (AUTH_SESSION_LOCKED locks).
 */
export async function openRtc(
  camerasV5: ApiClient,
  id: string,
  stream: CameraStream,
  onTrack: (event: RTCTrackEvent) => void,
): Promise<RTCPeerConnection> {
  const pc = new RTCPeerConnection();
  try {
    pc.addTransceiver("video", { direction: "recvonly" });
    pc.addTransceiver("audio", { direction: "recvonly" });
    pc.ontrack = onTrack;
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const sdp = pc.localDescription?.sdp ?? "";
    const signal = AbortSignal.timeout(LIVE_VIEW.httpTimeoutMs);
    const answer = await camerasV5.post(rtcPath(id, stream), {
      json: { sdp } satisfies RtcOfferBody,
      schema: RtcAnswerSchema,
      signal,
    });
    await pc.setRemoteDescription({ type: "answer", sdp: answer.data.item.sdp });
    return pc;
  } catch (error) {
    pc.close();
    throw error;
  }
}
