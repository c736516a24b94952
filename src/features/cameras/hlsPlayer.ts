import type { ErrorData, HlsConfig, LoaderConfig } from "hls.js";
import { httpError, type ApiError } from "../../lib/api/errors";
import { errorOfXhr, isSessionRefusal } from "../../lib/api/refusal";
import { LIVE_VIEW } from "../../../contract/cameras";

/** One attempt of at most 30 s, never retried (spec §9: the live viewer's HTTP, 30 s, no retries). */
const ONE_ATTEMPT: LoaderConfig = {
  maxTimeToFirstByteMs: LIVE_VIEW.httpTimeoutMs,
  maxLoadTimeMs: LIVE_VIEW.httpTimeoutMs,
  timeoutRetry: null,
  errorRetry: null,
};

/**
 * The live view's hls.js settings (spec §4, §9): the back buffer bounded to 10 s (memory stays flat
 * on a view left open for days); the master playlist, the media playlists and the segments each
 * loaded once with at most 30 s ({@link LIVE_VIEW}.httpTimeoutMs) and no retry: a failure is fatal
 * and the view starts the player again after 500 ms (spec §8), or stops on a session refusal.
 * The session cookie goes with every request.
 */
export const HLS_PLAYER_CONFIG = {
  backBufferLength: 10,
  maxBufferLength: 10,
  liveDurationInfinity: true,
  manifestLoadPolicy: { default: ONE_ATTEMPT },
  playlistLoadPolicy: { default: ONE_ATTEMPT },
  fragLoadPolicy: { default: ONE_ATTEMPT },
  xhrSetup: (xhr: XMLHttpRequest) => {
    xhr.withCredentials = true;
  },
} satisfies Partial<HlsConfig>;

/**
 * The hub's refusal of the session in an hls.js error (a playlist or segment answered 401 or 403,
 * e.g. AUTH_SESSION_LOCKED): its ApiError with the error body when the request's XMLHttpRequest
 * still has it, or null for any other error.
 */
export function hlsRefusalOf(data: Pick<ErrorData, "response" | "networkDetails">): ApiError | null {
  const status = data.response?.code;
  if (status !== 401 && status !== 403) return null;
  const details: unknown = data.networkDetails;
  const error =
    typeof XMLHttpRequest === "function" && details instanceof XMLHttpRequest && details.status === status
      ? errorOfXhr(details)
      : httpError(status, data.response?.text ?? "", undefined);
  return isSessionRefusal(error) ? error : null;
}
