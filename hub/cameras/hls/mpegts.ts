/**
 * Timestamp shifting in MPEG-TS (ISO/IEC 13818-1), so a looped clip plays as one continuous live
 * stream: every PES packet's PTS and DTS and every PCR moved forward by the same amount, modulo
 * 2^33 (the 90 kHz clock wraps every 26.5 h; players handle that). Everything else (PAT, PMT,
 * continuity counters, the coded pictures) stays byte for byte.
 */

/** MPEG-TS packet size, bytes. */
export const TS_PACKET_BYTES = 188;
/** The PTS/DTS/PCR base clock, ticks per millisecond (90 kHz). */
export const TS_TICKS_PER_MS = 90;
const WRAP = 2 ** 33;

/**
 * A copy of `segment` (whole 188-byte packets) with every PTS, DTS and PCR base plus `offset`
 * 90 kHz ticks (mod 2^33). @throws Error when the bytes are not MPEG-TS packets.
 */
export function shiftTimestamps(segment: Buffer, offset: number): Buffer {
  if (segment.length % TS_PACKET_BYTES !== 0) throw new Error("MPEG-TS: not a whole number of packets");
  const out = Buffer.from(segment);
  const shift = ((offset % WRAP) + WRAP) % WRAP;
  for (let at = 0; at < out.length; at += TS_PACKET_BYTES) {
    if (out[at] !== 0x47) throw new Error(`MPEG-TS: no sync byte at ${at}`);
    const unitStart = (out[at + 1]! & 0x40) !== 0;
    const adaptation = (out[at + 3]! >> 4) & 0x3;
    let payload = at + 4;
    if (adaptation & 0x2) {
      const length = out[at + 4]!;
      if (length > 0 && (out[at + 5]! & 0x10) !== 0)
        writePcrBase(out, at + 6, (readPcrBase(out, at + 6) + shift) % WRAP);
      payload = at + 5 + length;
    }
    if (!unitStart || !(adaptation & 0x1) || payload + 9 > at + TS_PACKET_BYTES) continue;
    // A PES packet starts here: 00 00 01, an audio or video stream id, then the optional header.
    if (out[payload] !== 0 || out[payload + 1] !== 0 || out[payload + 2] !== 1) continue;
    const streamId = out[payload + 3]!;
    if (streamId < 0xc0 || streamId > 0xef) continue;
    const flags = out[payload + 7]! >> 6;
    if (flags & 0x2) writeTimestamp(out, payload + 9, (readTimestamp(out, payload + 9) + shift) % WRAP);
    if (flags === 0x3) writeTimestamp(out, payload + 14, (readTimestamp(out, payload + 14) + shift) % WRAP);
  }
  return out;
}

/** Every PTS of the PES packets of `segment` in order, 90 kHz ticks (tests, checks). */
export function ptsOf(segment: Buffer): number[] {
  const found: number[] = [];
  for (let at = 0; at + TS_PACKET_BYTES <= segment.length; at += TS_PACKET_BYTES) {
    const adaptation = (segment[at + 3]! >> 4) & 0x3;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + segment[at + 4]! : 0);
    if ((segment[at + 1]! & 0x40) === 0 || !(adaptation & 0x1) || payload + 14 > at + TS_PACKET_BYTES) continue;
    if (segment.readUIntBE(payload, 3) !== 1 || (segment[payload + 7]! & 0x80) === 0) continue;
    found.push(readTimestamp(segment, payload + 9));
  }
  return found;
}

/** A 33-bit PES timestamp: `xxxx b32-30 1`, `b29-22`, `b21-15 1`, `b14-7`, `b6-0 1`. */
function readTimestamp(bytes: Buffer, at: number): number {
  const high = (bytes[at]! >> 1) & 0x7;
  const low = (bytes[at + 1]! << 22) | ((bytes[at + 2]! >> 1) << 15) | (bytes[at + 3]! << 7) | (bytes[at + 4]! >> 1);
  return high * 2 ** 30 + (low >>> 0);
}

function writeTimestamp(bytes: Buffer, at: number, value: number): void {
  const high = Math.floor(value / 2 ** 30) & 0x7;
  const low = value % 2 ** 30;
  bytes[at] = (bytes[at]! & 0xf0) | (high << 1) | 0x1;
  bytes[at + 1] = (low >> 22) & 0xff;
  bytes[at + 2] = (((low >> 15) & 0x7f) << 1) | 0x1;
  bytes[at + 3] = (low >> 7) & 0xff;
  bytes[at + 4] = ((low & 0x7f) << 1) | 0x1;
}

/** A PCR's 33-bit base: the first 33 bits of its 6 bytes (6 reserved bits and the 9-bit extension follow). */
function readPcrBase(bytes: Buffer, at: number): number {
  return bytes.readUIntBE(at, 4) * 2 + (bytes[at + 4]! >> 7);
}

function writePcrBase(bytes: Buffer, at: number, value: number): void {
  bytes.writeUIntBE(Math.floor(value / 2), at, 4);
  bytes[at + 4] = (bytes[at + 4]! & 0x7f) | ((value % 2) << 7);
}
