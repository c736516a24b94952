/** RTP payload bytes per packet (descriptor included): well under a 1500-byte MTU after the RTP, SRTP, UDP and IP headers. */
export const VP8_MAX_PAYLOAD = 1200;

/** Size of the payload descriptor this packetizer writes (RFC 7741 §4.2: X, I with a 15-bit PictureID). */
const DESCRIPTOR_SIZE = 4;

/**
 * Splits one encoded VP8 frame into RTP payloads (RFC 7741 §4): each payload is the VP8 payload
 * descriptor followed by a slice of the frame. The descriptor has X=1 with I=1 and the frame's
 * 15-bit PictureID (M=1), so a receiver notices a lost frame; S=1 and PID 0 on the first packet
 * of the frame (its first partition starts there), S=0 on the rest. The caller sets the RTP
 * marker bit on the last payload's packet (RFC 7741 §4.1) and one 90 kHz timestamp for all.
 * @param pictureId the frame's PictureID; taken modulo 2^15
 * @returns the payloads in order (at least one), each at most `maxPayload` bytes
 */
export function vp8Payloads(frame: Buffer, pictureId: number, maxPayload = VP8_MAX_PAYLOAD): Buffer[] {
  const chunk = maxPayload - DESCRIPTOR_SIZE;
  if (chunk <= 0) throw new Error("VP8 payload size too small");
  const id = pictureId & 0x7fff;
  const payloads: Buffer[] = [];
  for (let offset = 0; offset < frame.length || offset === 0; offset += chunk) {
    const slice = frame.subarray(offset, Math.min(frame.length, offset + chunk));
    const descriptor = Buffer.from([0x80 | (offset === 0 ? 0x10 : 0), 0x80, 0x80 | (id >> 8), id & 0xff]);
    payloads.push(Buffer.concat([descriptor, slice]));
    if (frame.length === 0) break;
  }
  return payloads;
}
