/** One encoded VP8 frame of a clip: its bytes and whether it is a keyframe (decodable on its own). */
export interface VideoFrame {
  data: Buffer;
  keyframe: boolean;
}

/** A VP8 clip read from an IVF file: the frames in order, the frame rate (frames per second), the picture size. */
export interface VideoClip {
  frames: VideoFrame[];
  fps: number;
  width: number;
  height: number;
}

const FILE_HEADER = 32;
const FRAME_HEADER = 12;

/**
 * Reads a VP8 IVF file (the container libvpx and ffmpeg write: a 32-byte file header `DKIF`,
 * version 0, header size, FourCC `VP80`, width, height, time base rate/scale, frame count; then per
 * frame a 12-byte header, 32-bit little-endian size and 64-bit timestamp, and the frame). A frame is
 * a keyframe when bit 0 of its first byte is 0 (RFC 6386 §9.1, the frame tag's inverse key flag).
 * @throws Error when the file is not a VP8 IVF file, a frame is cut off, it has no frame, or the
 *   first frame is not a keyframe (a loop must start on one).
 */
export function readIvf(file: Buffer): VideoClip {
  if (file.length < FILE_HEADER || file.toString("latin1", 0, 4) !== "DKIF") throw new Error("not an IVF file");
  if (file.toString("latin1", 8, 12) !== "VP80") throw new Error("IVF codec is not VP8");
  const headerSize = file.readUInt16LE(6);
  const width = file.readUInt16LE(12);
  const height = file.readUInt16LE(14);
  const rate = file.readUInt32LE(16);
  const scale = file.readUInt32LE(20);
  if (!(rate > 0 && scale > 0) || rate / scale > 120) throw new Error("IVF frame rate out of range");
  const frames: VideoFrame[] = [];
  let at = Math.max(FILE_HEADER, headerSize);
  while (at + FRAME_HEADER <= file.length) {
    const size = file.readUInt32LE(at);
    const start = at + FRAME_HEADER;
    if (size === 0 || start + size > file.length) throw new Error(`IVF frame ${frames.length} is cut off`);
    const data = file.subarray(start, start + size);
    frames.push({ data, keyframe: ((data[0] ?? 1) & 1) === 0 });
    at = start + size;
  }
  if (frames.length === 0) throw new Error("IVF file has no frames");
  if (!frames[0]?.keyframe) throw new Error("IVF clip does not start with a keyframe");
  return { frames, fps: rate / scale, width, height };
}
