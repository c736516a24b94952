/**
 * The demo camera's live HLS playlist (RFC 8216): a short pre-encoded clip looped
 * forever and offered as a LIVE sliding window computed from the wall clock, so every hub (and a
 * restarted one) agrees on the sequence numbers at any moment and no timer runs; each loop's
 * timestamps are moved on by the loops before it, so the stream is continuous. Pure functions.
 */

/** One segment of the clip: its file name in the clip's folder and its duration, milliseconds. */
export interface ClipSegment {
  uri: string;
  durationMs: number;
}

/** Segments in the live window (RFC 8216 §6.2.2 wants at least three times the target duration: 4 x 2 s). */
export const HLS_WINDOW_SEGMENTS = 4;

/**
 * Reads the clip's own (VOD) media playlist as ffmpeg wrote it: each `#EXTINF:<seconds>,` and the
 * URI line after it. @throws Error when a URI is not a plain file name or a duration is not
 * positive, or there is no segment.
 */
export function parseClipPlaylist(text: string): ClipSegment[] {
  const segments: ClipSegment[] = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (extinf) duration = Math.round(Number(extinf[1]) * 1000);
    else if (line !== "" && !line.startsWith("#")) {
      if (!/^[A-Za-z0-9_-]+\.mpegts$/.test(line))
        throw new Error(`clip playlist: unexpected segment URI ${JSON.stringify(line)}`);
      if (!(duration !== null && duration > 0)) throw new Error(`clip playlist: no duration for ${line}`);
      segments.push({ uri: line, durationMs: duration });
      duration = null;
    }
  }
  if (segments.length === 0) throw new Error("clip playlist: no segments");
  return segments;
}

/** One segment of the live window: its media sequence number and its clip segment. */
export interface LiveSegment {
  sequence: number;
  clipIndex: number;
  durationMs: number;
}

/** The live window at one moment: RFC 8216 `EXT-X-MEDIA-SEQUENCE` and its segments, oldest first. */
export interface LiveWindow {
  mediaSequence: number;
  segments: LiveSegment[];
}

/** The clip's length, milliseconds. */
export function loopLengthMs(clip: readonly ClipSegment[]): number {
  return clip.reduce((sum, segment) => sum + segment.durationMs, 0);
}

/**
 * The sequence number of the segment being "recorded" at `nowMs` (epoch milliseconds): segment
 * `s` is clip segment `s mod n` of loop `floor(s / n)`, and loop `k` starts at `k x clip length`
 * since the epoch. Segments below this number are complete and may be served.
 */
export function currentSequence(clip: readonly ClipSegment[], nowMs: number): number {
  const loop = Math.floor(nowMs / loopLengthMs(clip));
  let within = nowMs - loop * loopLengthMs(clip);
  let index = 0;
  while (index < clip.length - 1 && within >= clip[index]!.durationMs) {
    within -= clip[index]!.durationMs;
    index += 1;
  }
  return loop * clip.length + index;
}

/**
 * How far segment `sequence`'s timestamps are moved so the loops follow each other as one stream:
 * its loop number times the clip's length, milliseconds. The clip's own timestamps start again at
 * each loop; shifted this way they rise monotonically and no `EXT-X-DISCONTINUITY` is needed (a
 * discontinuity per loop would have the player keep state per discontinuity for as long as the
 * view stays open, and hls.js indexes that state by the discontinuity sequence number).
 */
export function loopOffsetMs(clip: readonly ClipSegment[], sequence: number): number {
  return Math.floor(sequence / clip.length) * loopLengthMs(clip);
}

/** The live window at `nowMs`: the last `size` complete segments. */
export function liveWindow(clip: readonly ClipSegment[], nowMs: number, size = HLS_WINDOW_SEGMENTS): LiveWindow {
  const end = currentSequence(clip, nowMs);
  const first = Math.max(0, end - size);
  const segments: LiveSegment[] = [];
  for (let sequence = first; sequence < end; sequence++) {
    const clipIndex = sequence % clip.length;
    segments.push({ sequence, clipIndex, durationMs: clip[clipIndex]!.durationMs });
  }
  return { mediaSequence: first, segments };
}

/**
 * The live media playlist text of `window` (RFC 8216 §4.3): version 3, target duration the longest
 * segment rounded up to whole seconds, no `EXT-X-ENDLIST`; each segment's URI is
 * `<sequence>.ts`, relative to the playlist.
 */
export function renderLivePlaylist(window: LiveWindow, clip: readonly ClipSegment[]): string {
  const target = Math.ceil(Math.max(...clip.map((segment) => segment.durationMs)) / 1000);
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
  ];
  for (const segment of window.segments)
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`, `${segment.sequence}.ts`);
  return `${lines.join("\n")}\n`;
}
