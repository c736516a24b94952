import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { shiftTimestamps, TS_TICKS_PER_MS } from "./mpegts";
import {
  currentSequence,
  liveWindow,
  loopOffsetMs,
  parseClipPlaylist,
  renderLivePlaylist,
  type ClipSegment,
} from "./playlist";

/** The committed clip (hub/cameras/media/hls/, made by scripts/make-demo-media.sh): `clip.m3u8` and its MPEG-TS segments. */
export const DEMO_CLIP_DIR = fileURLToPath(new URL("../media/hls/", import.meta.url));

/** The clip in memory: its segments' durations and bytes. */
export interface LoadedClip {
  segments: ClipSegment[];
  bytes: Buffer[];
}

/** Reads the clip's playlist and every segment once. @throws Error when a file is missing or the playlist is malformed */
export async function loadClip(dir: string = DEMO_CLIP_DIR): Promise<LoadedClip> {
  const segments = parseClipPlaylist(await readFile(join(dir, "clip.m3u8"), "utf8"));
  const bytes = await Promise.all(segments.map((segment) => readFile(join(dir, segment.uri))));
  return { segments, bytes };
}

/** A demo segment's file name in the live playlist: the media sequence number and `.ts`. */
const SEGMENT_NAME = /^(\d{1,15})\.ts$/;

/** Segments kept ready with their timestamps shifted (every viewer asks for the same few). */
const SHIFTED_CACHE_SIZE = 8;

/**
 * The demo cameras' live HLS (household source `demo` with `hls`): the committed H.264 MPEG-TS clip
 * looped as a live sliding-window playlist computed from the wall clock (playlist.ts), each loop's
 * timestamps moved on by the loops before it (mpegts.ts) so the player sees one continuous stream.
 * The clip is read from disk once, on first use, and every segment is then answered from memory
 * (the last few shifted ones kept); all demo cameras share it.
 */
export class DemoHls {
  private clip: Promise<LoadedClip> | null = null;
  private readonly shifted = new Map<number, Buffer>();

  constructor(
    private readonly load: () => Promise<LoadedClip> = () => loadClip(),
    private readonly now: () => number = Date.now,
  ) {}

  /** The live media playlist now. */
  async playlist(): Promise<string> {
    const clip = await this.loaded();
    return renderLivePlaylist(liveWindow(clip.segments, this.now()), clip.segments);
  }

  /**
   * The bytes of segment `name` (`<sequence>.ts`), timestamps shifted for its loop, or null when
   * the name is not a segment's or the segment is not complete yet (a sequence at or after the one
   * being recorded now).
   */
  async segment(name: string): Promise<Buffer | null> {
    const match = SEGMENT_NAME.exec(name);
    if (!match) return null;
    const clip = await this.loaded();
    const sequence = Number(match[1]);
    if (sequence >= currentSequence(clip.segments, this.now())) return null;
    const cached = this.shifted.get(sequence);
    if (cached) return cached;
    const bytes = shiftTimestamps(
      clip.bytes[sequence % clip.bytes.length]!,
      loopOffsetMs(clip.segments, sequence) * TS_TICKS_PER_MS,
    );
    this.shifted.set(sequence, bytes);
    for (const old of this.shifted.keys()) {
      if (this.shifted.size <= SHIFTED_CACHE_SIZE) break;
      this.shifted.delete(old);
    }
    return bytes;
  }

  private loaded(): Promise<LoadedClip> {
    if (!this.clip) {
      this.clip = this.load();
      // A failed read (a checkout without the media) is tried again on the next request.
      this.clip.catch(() => {
        this.clip = null;
      });
    }
    return this.clip;
  }
}
