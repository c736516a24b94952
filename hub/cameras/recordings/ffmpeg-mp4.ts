import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** Most top-level boxes read before giving up (a well-formed clip has a handful). */
const MAX_BOXES = 64;

/** Reads `length` bytes of `fd` at `position` (fewer at the end of the file). */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * The duration of the MP4 file at `path`, ms, from its movie header (ISO/IEC 14496-12 §8.2.2
 * `moov`/`mvhd`: duration / timescale, version 0 or 1), reading only box headers and that box:
 * 0 for a fragmented MP4's empty movie header; null when the file is not an MP4 with a movie header
 * (missing, truncated, another format). Never throws.
 */
export function mp4DurationMs(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    const moov = findBox(fd, 0, size, "moov");
    if (!moov) return null;
    const mvhd = findBox(fd, moov.body, moov.end, "mvhd");
    if (!mvhd) return null;
    const body = readAt(fd, mvhd.body, 32);
    const version = body[0];
    if (version === 0 && body.length >= 20) {
      const timescale = body.readUInt32BE(12);
      const duration = body.readUInt32BE(16);
      return timescale > 0 ? (duration / timescale) * 1000 : null;
    }
    if (version === 1 && body.length >= 32) {
      const timescale = body.readUInt32BE(20);
      const duration = Number(body.readBigUInt64BE(24));
      return timescale > 0 ? (duration / timescale) * 1000 : null;
    }
    return null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The first box of `type` among the boxes between `start` and `end`: where its body starts and where it ends. */
function findBox(fd: number, start: number, end: number, type: string): { body: number; end: number } | null {
  let at = start;
  for (let n = 0; n < MAX_BOXES && at + 8 <= end; n++) {
    const header = readAt(fd, at, 16);
    if (header.length < 8) return null;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = end - at;
    if (size < headerSize) return null;
    if (header.toString("latin1", 4, 8) === type) return { body: at + headerSize, end: Math.min(end, at + size) };
    at += size;
  }
  return null;
}
