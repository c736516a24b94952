import { LIVE_VIEW } from "../../../../contract/cameras";

/** The spec §8 failures of the live video stream: each leads to a restart after 500 ms. */
export const MJPEG_ERRORS = {
  noReader: "No reader",
  noValue: "No value",
  ended: "Stream ended",
  tooBig: "Buffer too big",
  stopped: "Requested to stop!",
} as const;

/** An error of the MJPEG reader whose message is one of {@link MJPEG_ERRORS} (or a timeout / HTTP status). */
export class MjpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MjpegError";
  }
}

const CRLFCRLF = [13, 10, 13, 10];

function indexOf(haystack: Uint8Array, needle: ArrayLike<number>, from: number): number {
  const first = needle[0];
  outer: for (
    let i = haystack.indexOf(first ?? 0, from);
    i !== -1 && i <= haystack.length - needle.length;
    i = haystack.indexOf(first ?? 0, i + 1)
  ) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The boundary of a `multipart/x-mixed-replace; boundary=<b>` Content-Type (quotes allowed; RFC 2046
 * 1..70 characters), or null when it has none.
 */
export function boundaryOf(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Splits a `multipart/x-mixed-replace` byte stream into its parts' bodies (spec §4, §7: the JPEG
 * frames), chunk by chunk, however the chunks cut it. A part is `--<boundary>`, headers, an empty
 * line, and the body: `Content-Length` bytes when the headers give it, else up to the next boundary.
 * Bytes before the first boundary (garbage, a preamble) are skipped. More than `maxBufferBytes`
 * (spec §9: 5,242,880) bytes held, or a part declaring more, throws {@link MjpegError} 'Buffer too big'.
 */
export class MultipartParser {
  private buffer = new Uint8Array(0);
  private readonly delimiter: Uint8Array;

  constructor(
    boundary: string,
    private readonly maxBufferBytes: number = LIVE_VIEW.maxBufferBytes,
  ) {
    this.delimiter = new TextEncoder().encode(`--${boundary}`);
  }

  /** Unparsed bytes held now. */
  get buffered(): number {
    return this.buffer.length;
  }

  /** Adds `chunk` and returns the complete part bodies it finished, oldest first. @throws MjpegError 'Buffer too big' */
  push(chunk: Uint8Array): Uint8Array[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    if (joined.length > this.maxBufferBytes) return this.overflow();
    const frames: Uint8Array[] = [];
    let at = 0;
    for (;;) {
      const start = indexOf(joined, this.delimiter, at);
      if (start === -1) {
        // keep only what could still begin a delimiter
        at = Math.max(at, joined.length - this.delimiter.length + 1);
        break;
      }
      const headEnd = indexOf(joined, CRLFCRLF, start + this.delimiter.length);
      if (headEnd === -1) {
        at = start;
        break;
      }
      const head = new TextDecoder("latin1").decode(joined.subarray(start + this.delimiter.length, headEnd));
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const bodyStart = headEnd + 4;
      if (length > this.maxBufferBytes) return this.overflow();
      if (Number.isFinite(length)) {
        if (joined.length < bodyStart + length) {
          at = start;
          break;
        }
        frames.push(joined.slice(bodyStart, bodyStart + length));
        at = bodyStart + length;
      } else {
        const next = indexOf(joined, this.delimiter, bodyStart);
        if (next === -1) {
          at = start;
          break;
        }
        let end = next;
        if (joined[end - 2] === 13 && joined[end - 1] === 10) end -= 2;
        frames.push(joined.slice(bodyStart, end));
        at = next;
      }
    }
    this.buffer = joined.slice(Math.min(at, joined.length));
    return frames;
  }

  private overflow(): never {
    this.buffer = new Uint8Array(0);
    throw new MjpegError(MJPEG_ERRORS.tooBig);
  }
}
