import type { HubError } from "../../core/errors";
import { HttpUpstream, MAX_JPEG_BYTES } from "../upstream/http";

/** A go2rtc stream: the server's base URL (`http://192.168.1.10:1984`, optionally with a login and a base path) and the stream name `src`. */
export interface Go2rtcStream {
  url: string;
  src: string;
}

/** Timeouts of the calls to go2rtc, milliseconds: the SDP exchange (go2rtc gathers candidates before it answers), a snapshot, the MJPEG stream's headers. */
export const GO2RTC_TIMEOUTS = { webrtcMs: 6_000, snapshotMs: 5_000, connectMs: 5_000 } as const;

/** Largest SDP answer accepted from go2rtc, bytes. */
const MAX_SDP_BYTES = 65_536;

/**
 * The HTTP API of a go2rtc server for one stream (go2rtc `internal/webrtc/server.go`,
 * `internal/mjpeg/mjpeg.go`): the WebRTC SDP exchange `POST /api/webrtc?src=<src>` as WHEP
 * (`Content-Type: application/sdp`, the raw offer; answer `201` with the raw SDP), the keyframe
 * `GET /api/frame.jpeg?src=` and the MJPEG stream `GET /api/stream.mjpeg?src=`
 * (`multipart/x-mixed-replace; boundary=frame`). A login in the URL is sent as HTTP Basic
 * authentication ({@link HttpUpstream}). Every failure is a {@link HubError}
 * DEVICE_UNREACHABLE (409) `camera gateway (go2rtc): …`: refused or timed out, go2rtc has no such
 * stream (its 404), any other status, or an answer that is not what go2rtc sends.
 */
export class Go2rtcClient {
  private readonly http: HttpUpstream;

  constructor(
    private readonly stream: Go2rtcStream,
    private readonly timeouts: { webrtcMs: number; snapshotMs: number; connectMs: number } = GO2RTC_TIMEOUTS,
  ) {
    this.http = new HttpUpstream(stream.url.endsWith("/") ? stream.url : `${stream.url}/`, "camera gateway (go2rtc)");
  }

  /** The refusal `camera gateway (go2rtc): <what>` (409 DEVICE_UNREACHABLE). */
  unreachable(what: string): HubError {
    return this.http.unreachable(what);
  }

  /** Sends the browser's SDP offer to go2rtc and resolves with go2rtc's SDP answer. @throws HubError DEVICE_UNREACHABLE */
  async webrtc(offer: string): Promise<string> {
    const response = await this.http.request(
      this.url("api/webrtc"),
      { method: "POST", headers: { "Content-Type": "application/sdp", Accept: "application/sdp" }, body: offer },
      this.timeouts.webrtcMs,
    );
    const answer = (await this.http.body(response, MAX_SDP_BYTES, this.timeouts.webrtcMs)).toString("utf8");
    if (!answer.startsWith("v=0")) throw this.unreachable("the answer is not SDP");
    return answer;
  }

  /** One JPEG of the stream (`/api/frame.jpeg`). @throws HubError DEVICE_UNREACHABLE */
  async snapshot(): Promise<Buffer> {
    return this.http.jpeg(this.url("api/frame.jpeg"), this.timeouts.snapshotMs, MAX_JPEG_BYTES);
  }

  /**
   * Opens the MJPEG stream (`/api/stream.mjpeg`); resolves once its headers arrived (within the
   * connect timeout) with the response, whose body the caller reads; `abort` (the caller's own
   * controller, aborted by the caller to stop, or here when the headers are late) ends it.
   * @throws HubError DEVICE_UNREACHABLE
   */
  async mjpeg(abort: AbortController): Promise<Response> {
    return this.http.request(this.url("api/stream.mjpeg"), { method: "GET" }, this.timeouts.connectMs, abort);
  }

  private url(path: string): URL {
    const url = new URL(path, this.http.base);
    url.searchParams.set("src", this.stream.src);
    return url;
  }
}
