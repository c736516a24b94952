/**
 * The demo camera's live HLS playlist (issue 12, RFC 8216): a short pre-encoded clip looped
 * forever and offered as a LIVE sliding window computed from the wall clock, so every hub (and a
 * restarted one) agrees on the sequence numbers at any moment and no timer runs. Pure functions.
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
      if (!/^[A-Za-z0-9_-]+\.mpegts$/.test(line)) throw new Error(`clip playlist: unexpected segment URI ${JSON.stringify(line)}`);
      if (!(duration !== null && duration > 0)) throw new Error(`clip playlist: no duration for ${line}`);
      segments.push({ uri: line, durationMs: duration });
      duration = null;
    }
  }
  if (segments.length === 0) throw new Error("clip playlist: no segments");
  return segments;
}

/** One segment of the live window: its media sequence number, its clip segment, and whether the clip starts again there. */
export interface LiveSegment {
  sequence: number;
  clipIndex: number;
  durationMs: number;
  discontinuity: boolean;
}

/** The live window at one moment: RFC 8216 `EXT-X-MEDIA-SEQUENCE`, `EXT-X-DISCONTINUITY-SEQUENCE` and its segments, oldest first. */
export interface LiveWindow {
  mediaSequence: number;
  discontinuitySequence: number;
  segments: LiveSegment[];
}

/**
 * The sequence number of the segment being "recorded" at `nowMs` (epoch milliseconds): segment
 * `s` is clip segment `s mod n` of loop `floor(s / n)`, and loop `k` starts at `k x clip length`
 * since the epoch. Segments below this number are complete and may be served.
 */
export function currentSequence(clip: readonly ClipSegment[], nowMs: number): number {
  const loopMs = clip.reduce((sum, segment) => sum + segment.durationMs, 0);
  const loop = Math.floor(nowMs / loopMs);
  let within = nowMs - loop * loopMs;
  let index = 0;
  while (index < clip.length - 1 && within >= clip[index]!.durationMs) {
    within -= clip[index]!.durationMs;
    index += 1;
  }
  return loop * clip.length + index;
}

/**
 * The live window at `nowMs`: the last `size` complete segments. The clip's timestamps start again
 * at each loop, so each segment where it starts again (sequence a multiple of the clip's length)
 * carries `EXT-X-DISCONTINUITY`; the window's discontinuity sequence counts those before its first
 * segment, which itself never carries the tag (RFC 8216 §6.2.1: its number is the playlist's).
 */
export function liveWindow(clip: readonly ClipSegment[], nowMs: number, size = HLS_WINDOW_SEGMENTS): LiveWindow {
  const end = currentSequence(clip, nowMs);
  const first = Math.max(0, end - size);
  const segments: LiveSegment[] = [];
  for (let sequence = first; sequence < end; sequence++) {
    const clipIndex = sequence % clip.length;
    segments.push({ sequence, clipIndex, durationMs: clip[clipIndex]!.durationMs, discontinuity: sequence !== first && clipIndex === 0 });
  }
  return { mediaSequence: first, discontinuitySequence: Math.floor(first / clip.length), segments };
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
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
  ];
  for (const segment of window.segments) {
    if (segment.discontinuity) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`, `${segment.sequence}.ts`);
  }
  return `${lines.join("\n")}\n`;
}
