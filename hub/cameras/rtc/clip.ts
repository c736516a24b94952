import { randomInt } from "node:crypto";
import type { VideoClip } from "./ivf";
import { vp8Payloads } from "./vp8";

/** RTP clock rate of video (RFC 7741 §6.1: VP8 uses 90 kHz). */
export const VIDEO_CLOCK_RATE = 90_000;

/** Frames behind schedule (the event loop was blocked) after which the player skips ahead instead of sending a burst. */
const MAX_LATE_FRAMES = 5;

/** One frame as every viewer sends it: RTP payloads (RFC 7741, shared, never mutated), its 90 kHz timestamp, whether it is a keyframe. */
export interface ClipFrame {
  payloads: readonly Buffer[];
  /** RTP timestamp, 90 kHz, modulo 2^32: continuous across loops and pauses of the player. */
  timestamp: number;
  keyframe: boolean;
}

/** A viewer of a {@link ClipPlayer}: gets each frame in order. */
export type ClipListener = (frame: ClipFrame) => void;

/**
 * Plays a pre-encoded VP8 clip in a loop, paced by the clip's frame rate, to every listener at
 * once (one player per camera stream, shared by all its peer connections). Each loop starts on the
 * clip's first frame, a keyframe; timestamps advance by 90000/fps per frame, continuous across
 * loops; the PictureID counts frames. It runs only while someone listens: the first
 * {@link subscribe} starts the clock, the last unsubscribe (or {@link close}) stops it.
 * A listener that throws is skipped for that frame; the others still get it.
 */
export class ClipPlayer {
  private readonly set = new Set<ClipListener>();
  private timer: NodeJS.Timeout | null = null;
  /** Index of the next frame in the clip. */
  private index = 0;
  /** Frames sent since the player was made (PictureID, timestamps). */
  private sent = 0;
  /** Frames sent since the clock (re)started, and when it did (ms). */
  private sinceStart = 0;
  private startedAt = 0;
  private readonly timestampBase = randomInt(0, 2 ** 32);
  private readonly periodMs: number;

  constructor(
    private readonly clip: VideoClip,
    private readonly now: () => number = Date.now,
  ) {
    this.periodMs = 1000 / clip.fps;
  }

  /** Listeners now. */
  get listeners(): number {
    return this.set.size;
  }

  /** Whether the clock runs (someone listens). */
  get playing(): boolean {
    return this.timer !== null;
  }

  /** Adds a listener; returns the function that removes it (idempotent). */
  subscribe(listener: ClipListener): () => void {
    this.set.add(listener);
    if (!this.timer) this.start();
    return () => {
      this.set.delete(listener);
      if (this.set.size === 0) this.stop();
    };
  }

  /** Stops the clock and drops every listener. */
  close(): void {
    this.set.clear();
    this.stop();
  }

  private start(): void {
    this.index = 0; // a fresh start begins on the clip's keyframe
    this.startedAt = this.now();
    this.sinceStart = 0;
    this.tick();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private tick(): void {
    const due = Math.floor((this.now() - this.startedAt) / this.periodMs) + 1;
    if (due - this.sinceStart > MAX_LATE_FRAMES) {
      // Far behind (a blocked event loop): send one frame now and keep the pace from here.
      this.sinceStart = due - 1;
    }
    while (this.sinceStart < due && this.set.size > 0) this.emit();
    if (this.set.size === 0) return this.stop();
    const wait = Math.max(0, this.startedAt + this.sinceStart * this.periodMs - this.now());
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref();
  }

  private emit(): void {
    const source = this.clip.frames[this.index];
    this.index = (this.index + 1) % this.clip.frames.length;
    this.sinceStart += 1;
    const sent = this.sent;
    this.sent += 1;
    if (!source) return;
    const frame: ClipFrame = {
      payloads: vp8Payloads(source.data, sent),
      timestamp: (this.timestampBase + Math.round((sent * VIDEO_CLOCK_RATE) / this.clip.fps)) % 2 ** 32,
      keyframe: source.keyframe,
    };
    for (const listener of [...this.set]) {
      try {
        listener(frame);
      } catch {
        // one viewer's failure (a closing connection) never stops the others
      }
    }
  }
}
