import { HubError } from "../../core/errors";

/** A go2rtc stream: the server's base URL (`http://192.168.1.10:1984`, optionally with a login and a base path) and the stream name `src`. */
export interface Go2rtcStream {
  url: string;
  src: string;
}

/** Timeouts of the calls to go2rtc, milliseconds: the SDP exchange (go2rtc gathers candidates before it answers), a snapshot, the MJPEG stream's headers. */
export const GO2RTC_TIMEOUTS = { webrtcMs: 6_000, snapshotMs: 5_000, connectMs: 5_000 } as const;

/** Largest SDP answer accepted from go2rtc, bytes. */
const MAX_SDP_BYTES = 65_536;
/** Largest snapshot accepted from go2rtc, bytes (spec §9's live-view buffer cap). */
const MAX_JPEG_BYTES = 5_242_880;

/** Why a gateway call failed, as the dashboard reads it: 409 DEVICE_UNREACHABLE with a message saying what went wrong (never the gateway's address or login). */
export function unreachable(what: string): HubError {
  return new HubError("DEVICE_UNREACHABLE", `camera gateway (go2rtc): ${what}`);
}

/**
 * The HTTP API of a go2rtc server for one stream (go2rtc `internal/webrtc/server.go`,
 * `internal/mjpeg/mjpeg.go`): the WebRTC SDP exchange `POST /api/webrtc?src=<src>` as WHEP
 * (`Content-Type: application/sdp`, the raw offer; answer `201` with the raw SDP), the keyframe
 * `GET /api/frame.jpeg?src=` and the MJPEG stream `GET /api/stream.mjpeg?src=`
 * (`multipart/x-mixed-replace; boundary=frame`). A login in the URL is sent as HTTP Basic
 * authentication (fetch refuses URLs with credentials). Every failure is a {@link HubError}
 * DEVICE_UNREACHABLE (409): refused or timed out, go2rtc has no such stream (its 404), any other
 * status, or an answer that is not what go2rtc sends.
 */
export class Go2rtcClient {
  private readonly base: URL;
  private readonly authorization: string | null;

  constructor(
    private readonly stream: Go2rtcStream,
    private readonly timeouts: { webrtcMs: number; snapshotMs: number; connectMs: number } = GO2RTC_TIMEOUTS,
  ) {
    const base = new URL(stream.url.endsWith("/") ? stream.url : `${stream.url}/`);
    this.authorization = base.username || base.password ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}` : null;
    base.username = "";
    base.password = "";
    this.base = base;
  }

  /** Sends the browser's SDP offer to go2rtc and resolves with go2rtc's SDP answer. @throws HubError DEVICE_UNREACHABLE */
  async webrtc(offer: string): Promise<string> {
    const response = await this.request("api/webrtc", { method: "POST", headers: { "Content-Type": "application/sdp", Accept: "application/sdp" }, body: offer }, this.timeouts.webrtcMs);
    const answer = (await this.body(response, MAX_SDP_BYTES, this.timeouts.webrtcMs)).toString("utf8");
    if (!answer.startsWith("v=0")) throw unreachable("the answer is not SDP");
    return answer;
  }

  /** One JPEG of the stream (`/api/frame.jpeg`). @throws HubError DEVICE_UNREACHABLE */
  async snapshot(): Promise<Buffer> {
    const response = await this.request("api/frame.jpeg", { method: "GET" }, this.timeouts.snapshotMs);
    const jpeg = await this.body(response, MAX_JPEG_BYTES, this.timeouts.snapshotMs);
    if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw unreachable("the frame is not a JPEG");
    return jpeg;
  }

  /**
   * Opens the MJPEG stream (`/api/stream.mjpeg`); resolves once its headers arrived (within the
   * connect timeout) with the response, whose body the caller reads; `abort` (the caller's own
   * controller, aborted by the caller to stop, or here when the headers are late) ends it.
   * @throws HubError DEVICE_UNREACHABLE
   */
  async mjpeg(abort: AbortController): Promise<Response> {
    return this.request("api/stream.mjpeg", { method: "GET" }, this.timeouts.connectMs, abort);
  }

  private url(path: string): URL {
    const url = new URL(path, this.base);
    url.searchParams.set("src", this.stream.src);
    return url;
  }

  /**
   * Calls go2rtc; the timeout covers the headers (the body has its own, {@link body}) and aborts
   * `abort`, the caller's controller of a stream, which the caller owns afterwards.
   */
  private async request(path: string, init: RequestInit, timeoutMs: number, abort?: AbortController): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.authorization) headers.set("Authorization", this.authorization);
    const controller = abort ?? new AbortController();
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      controller.abort();
    }, timeoutMs);
    timer.unref();
    let response: Response;
    try {
      response = await fetch(this.url(path), { ...init, headers, signal: controller.signal, redirect: "error" });
    } catch {
      clearTimeout(timer);
      throw unreachable(late ? "no answer in time" : "unreachable");
    }
    clearTimeout(timer);
    if (response.ok) return response;
    await response.body?.cancel().catch(() => undefined);
    throw unreachable(response.status === 404 ? "no such stream" : `answered HTTP ${response.status}`);
  }

  /** The response body, at most `limit` bytes, read within `timeoutMs` (the reader is cancelled then: an aborted signal does not always end a body being read). */
  private async body(response: Response, limit: number, timeoutMs: number): Promise<Buffer> {
    const reader = response.body?.getReader();
    if (!reader) throw unreachable("empty answer");
    const chunks: Buffer[] = [];
    let size = 0;
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      void reader.cancel().catch(() => undefined);
    }, timeoutMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (late) throw unreachable("no answer in time");
        if (done) break;
        size += value.length;
        if (size > limit) throw unreachable("the answer is too big");
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error instanceof HubError ? error : unreachable("the answer broke off");
    } finally {
      clearTimeout(timer);
    }
    if (size === 0) throw unreachable("empty answer");
    return Buffer.concat(chunks);
  }
}
