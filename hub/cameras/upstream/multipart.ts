/** Largest part (and unparsed buffer) accepted from an upstream MJPEG stream, bytes (spec §9's live-view buffer cap). */
export const MAX_PART_BYTES = 5_242_880;

/** The boundary of a `multipart/x-mixed-replace; boundary=<b>` Content-Type (quotes allowed, 1..70 characters), or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!/^multipart\/x-mixed-replace\s*;/i.test(contentType ?? "")) return null;
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  const boundary = match ? (match[1] ?? match[2] ?? null) : null;
  // Some servers put the leading dashes into the parameter too.
  return boundary?.replace(/^--/, "") || null;
}

/**
 * Splits an upstream `multipart/x-mixed-replace` byte stream (go2rtc's `/api/stream.mjpeg`) into
 * its parts' bodies, however the chunks cut it: `--<boundary>`, headers, an empty line, then
 * `Content-Length` bytes when the headers give it, else the bytes up to the next boundary. Bytes
 * before the first boundary are skipped. The hub-side twin of the dashboard's parser
 * (src/features/cameras/mjpeg/parser.ts), on Node Buffers.
 * @throws Error 'Buffer too big' when more than `maxBytes` would be held or a part declares more
 */
export class MultipartSplitter {
  private buffer = Buffer.alloc(0);
  private readonly delimiter: Buffer;

  constructor(
    boundary: string,
    private readonly maxBytes = MAX_PART_BYTES,
  ) {
    this.delimiter = Buffer.from(`--${boundary}`, "latin1");
  }

  /** Adds `chunk`; returns the part bodies it completed, oldest first. */
  push(chunk: Buffer): Buffer[] {
    const joined = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (joined.length > this.maxBytes) return this.overflow();
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const start = joined.indexOf(this.delimiter, at);
      if (start === -1) {
        at = Math.max(at, joined.length - this.delimiter.length + 1);
        break;
      }
      const headEnd = joined.indexOf("\r\n\r\n", start + this.delimiter.length, "latin1");
      if (headEnd === -1) {
        at = start;
        break;
      }
      const head = joined.toString("latin1", start + this.delimiter.length, headEnd);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const bodyStart = headEnd + 4;
      if (length > this.maxBytes) return this.overflow();
      if (Number.isFinite(length)) {
        if (joined.length < bodyStart + length) {
          at = start;
          break;
        }
        parts.push(Buffer.from(joined.subarray(bodyStart, bodyStart + length)));
        at = bodyStart + length;
      } else {
        const next = joined.indexOf(this.delimiter, bodyStart);
        if (next === -1) {
          at = start;
          break;
        }
        const end = joined[next - 2] === 13 && joined[next - 1] === 10 ? next - 2 : next;
        parts.push(Buffer.from(joined.subarray(bodyStart, end)));
        at = next;
      }
    }
    this.buffer = Buffer.from(joined.subarray(Math.min(at, joined.length)));
    return parts;
  }

  private overflow(): never {
    this.buffer = Buffer.alloc(0);
    throw new Error("Buffer too big");
  }
}
