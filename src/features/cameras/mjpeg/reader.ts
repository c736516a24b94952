import type { ApiError } from "../../../lib/api/errors";
import { errorOfResponse, isSessionRefusal } from "../../../lib/api/refusal";
import { LIVE_VIEW } from "../../../../contract/cameras";
import { MJPEG_ERRORS, MjpegError, MultipartParser, boundaryOf } from "./parser";

/** Timers the reader uses (swapped for fake ones in tests). */
export type ReaderClock = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** What {@link startMjpegReader} needs. */
export type MjpegReaderOptions = {
  /** The stream's URL (`<cameras base>/live/mjpeg/<id>`); fetched with the session cookie. */
  url: string;
  /** Gets each complete frame (a JPEG), the latest last. */
  onFrame: (jpeg: Uint8Array) => void;
  /** Gets each failure (message one of spec §8's, a timeout or an HTTP status) before the 500 ms restart. */
  onError?: (error: Error) => void;
  /**
   * Gets the hub's refusal of the session (401, or 403 such as AUTH_SESSION_LOCKED, with its error
   * body); the reader has stopped for good then. Report it to the API client (`ApiClient.report`).
   */
  onRefused?: (error: ApiError) => void;
  fetch?: typeof fetch;
  clock?: ReaderClock;
  /** Spec §9 constants; tests may shorten them. */
  limits?: Partial<Record<keyof typeof LIVE_VIEW, number>>;
};

/** A running reader: `stop()` ends it for good (the current read fails with 'Requested to stop!', never restarting). */
export type MjpegReader = { stop(): void };

const realClock: ReaderClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Races `promise` against a timer of `ms` that rejects with `message`. */
function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  clock: ReaderClock,
  onTimeout: () => void,
): Promise<T> {
  let handle: unknown;
  const timer = new Promise<never>((_resolve, reject) => {
    handle = clock.setTimeout(() => {
      onTimeout();
      reject(new MjpegError(message));
    }, ms);
  });
  return Promise.race([promise, timer]).finally(() => clock.clearTimeout(handle));
}

/**
 * Reads a live MJPEG stream (spec §4, §7, §8, §9) with fetch: the response must come within 7 s
 * (connect timeout), each read within 3 s (per-read timeout), frames are split on the multipart
 * boundary of the Content-Type and handed to `onFrame`; more than 5,242,880 unparsed bytes is
 * 'Buffer too big'. Any failure ('No reader': no body; 'No value': a read without data; 'Stream
 * ended'; 'Buffer too big'; a timeout; an HTTP error) cancels the request and starts it again after
 * 500 ms, for as long as it is not stopped. `stop()` aborts the request ('Requested to stop!').
 * A 401 or 403 (the session is locked or gone) is not a stream error: the reader stops for good and
 * hands the refusal to `onRefused` (spec §4: it locks the session), never retrying.
 */
export function startMjpegReader(options: MjpegReaderOptions): MjpegReader {
  const clock = options.clock ?? realClock;
  const limits = { ...LIVE_VIEW, ...options.limits };
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: unknown = null;

  const once = async (): Promise<void> => {
    const abort = new AbortController();
    controller = abort;
    const response = await withTimeout(
      doFetch(options.url, { credentials: "include", cache: "no-store", signal: abort.signal }),
      limits.connectTimeoutMs,
      "Connect timeout",
      clock,
      () => abort.abort(),
    );
    if (!response.ok) {
      const error = await errorOfResponse(response);
      if (isSessionRefusal(error)) throw error;
      throw new MjpegError(`HTTP ${response.status}`);
    }
    const boundary = boundaryOf(response.headers.get("content-type"));
    if (boundary === null) throw new MjpegError("No boundary");
    const reader = response.body?.getReader();
    if (!reader) throw new MjpegError(MJPEG_ERRORS.noReader);
    const parser = new MultipartParser(boundary, limits.maxBufferBytes);
    try {
      for (;;) {
        if (stopped) throw new MjpegError(MJPEG_ERRORS.stopped);
        const { done, value } = await withTimeout(reader.read(), limits.readTimeoutMs, "Read timeout", clock, () =>
          abort.abort(),
        );
        if (stopped) throw new MjpegError(MJPEG_ERRORS.stopped);
        if (done) throw new MjpegError(MJPEG_ERRORS.ended);
        if (!value) throw new MjpegError(MJPEG_ERRORS.noValue);
        const frames = parser.push(value);
        const latest = frames.at(-1);
        if (latest) options.onFrame(latest);
      }
    } finally {
      abort.abort();
      reader.cancel().catch(() => undefined);
    }
  };

  const run = (): void => {
    retry = null;
    once().catch((error: unknown) => {
      controller?.abort();
      if (stopped) return;
      if (isSessionRefusal(error)) {
        stopped = true;
        options.onRefused?.(error);
        return;
      }
      options.onError?.(error instanceof Error ? error : new MjpegError(String(error)));
      retry = clock.setTimeout(run, limits.retryWaitMs);
    });
  };
  run();

  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (retry !== null) clock.clearTimeout(retry);
      controller?.abort(new MjpegError(MJPEG_ERRORS.stopped));
    },
  };
}
