import type { HubError } from "../../core/errors";
import type { MjpegUpstream } from "../upstream/frames";
import { HttpUpstream, MAX_JPEG_BYTES } from "../upstream/http";

/** A camera's own MJPEG (household source `mjpeg`): its stream URL and, optionally, a snapshot URL (each may carry `user:password@`). */
export interface MjpegCameraSource {
  url: string;
  snapshotUrl?: string | undefined;
}

/** Timeouts of the calls to the camera, milliseconds: the stream's headers, a snapshot. */
export const MJPEG_CAMERA_TIMEOUTS = { connectMs: 5_000, snapshotMs: 5_000 } as const;

/**
 * A camera that serves `multipart/x-mixed-replace` JPEGs itself (most IP cameras' `video.mjpg`,
 * `/videostream.cgi`, ESP32-CAM's `:81/stream`): {@link mjpeg} opens `url`, {@link snapshot}
 * (only when `snapshotUrl` is set) GETs one JPEG. A login in either URL is sent to the camera
 * as HTTP Basic authorization only; redirects are refused. Failures are 409 DEVICE_UNREACHABLE
 * `camera (mjpeg): …`, never naming the address or the login.
 */
export class MjpegCameraClient implements MjpegUpstream {
  private readonly stream: HttpUpstream;
  /** One JPEG from `snapshotUrl`; set only when the camera has one (else the stream's next frame answers). */
  readonly snapshot?: () => Promise<Buffer>;

  constructor(
    source: MjpegCameraSource,
    private readonly timeouts: { connectMs: number; snapshotMs: number } = MJPEG_CAMERA_TIMEOUTS,
  ) {
    this.stream = new HttpUpstream(source.url, "camera (mjpeg)");
    if (source.snapshotUrl) {
      const still = new HttpUpstream(source.snapshotUrl, "camera (mjpeg)");
      this.snapshot = () => still.jpeg(still.base, this.timeouts.snapshotMs, MAX_JPEG_BYTES);
    }
  }

  unreachable(what: string): HubError {
    return this.stream.unreachable(what);
  }

  /** Opens the camera's stream; resolves with its response once the headers arrived. @throws HubError DEVICE_UNREACHABLE */
  mjpeg(abort: AbortController): Promise<Response> {
    return this.stream.request(this.stream.base, { method: "GET" }, this.timeouts.connectMs, abort);
  }
}
