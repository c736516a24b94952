import type { FrameListener, FrameSource } from "../source";
import { unreachable, type Go2rtcClient } from "./client";
import { MultipartSplitter, multipartBoundary } from "./multipart";

/** Timing of the proxied MJPEG stream, milliseconds. */
export interface Go2rtcFramesTiming {
  /** The upstream stays open this long after the last viewer went (a dashboard restarting its stream 500 ms later keeps it). */
  lingerMs: number;
  /** Wait before opening the upstream again after it failed or ended. */
  retryMs: number;
  /** No bytes from the upstream for this long: it is stalled, closed and opened again. */
  readTimeoutMs: number;
  /** {@link Go2rtcFrames.ready} waits this long for a first frame. */
  firstFrameMs: number;
}

/** Defaults: linger 2 s, retry 1 s, read timeout 5 s, first frame 5 s (within the dashboard's 7 s connect timeout). */
export const GO2RTC_FRAMES_TIMING: Go2rtcFramesTiming = { lingerMs: 2_000, retryMs: 1_000, readTimeoutMs: 5_000, firstFrameMs: 5_000 };

/** A frame younger than this is current (a snapshot, or a viewer joining, gets it without waiting), ms. */
const FRESH_MS = 2_000;

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/**
 * The frames of a go2rtc camera (household source `go2rtc`): ONE upstream MJPEG stream
 * (`/api/stream.mjpeg?src=`) per camera, split on its multipart boundary and handed to every
 * viewer of `GET /live/mjpeg/{cameraId}` (hub/cameras/mjpeg.ts sends them on with the hub's own
 * boundary). It runs only while someone watches (plus {@link Go2rtcFramesTiming.lingerMs}), is
 * opened again after a failure, a stall or its end while viewers remain, and never throws into
 * the hub: a dead gateway only means no frames. {@link ready} tells a new viewer beforehand
 * (409 DEVICE_UNREACHABLE); {@link snapshot} is the latest frame or go2rtc's `/api/frame.jpeg`.
 */
export class Go2rtcFrames implements FrameSource {
  private readonly set = new Set<FrameListener>();
  private readonly waiters = new Set<Waiter>();
  private latest: { jpeg: Buffer; at: number } | null = null;
  private upstream: AbortController | null = null;
  private linger: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly client: Go2rtcClient,
    private readonly timing: Go2rtcFramesTiming = GO2RTC_FRAMES_TIMING,
  ) {}

  get listeners(): number {
    return this.set.size;
  }

  /** Whether the upstream stream is open (or being opened). */
  get streaming(): boolean {
    return this.upstream !== null;
  }

  subscribe(listener: FrameListener): () => void {
    this.set.add(listener);
    if (this.latest && this.upstream && Date.now() - this.latest.at < FRESH_MS) listener(this.latest.jpeg);
    this.wake();
    return () => {
      if (!this.set.delete(listener)) return;
      if (this.set.size === 0) this.idle();
    };
  }

  /**
   * Resolves when the upstream delivers frames (at once when it does now), so a viewer is not
   * answered 200 by a dead gateway. @throws HubError DEVICE_UNREACHABLE when go2rtc is unreachable,
   * refuses, sends no MJPEG, or no frame comes within {@link Go2rtcFramesTiming.firstFrameMs}
   */
  async ready(): Promise<void> {
    if (this.latest && this.upstream && Date.now() - this.latest.at < FRESH_MS) return;
    const unsubscribe = this.subscribe(() => undefined); // holds the upstream open while waiting
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject };
        this.waiters.add(waiter);
        timer = setTimeout(() => {
          this.waiters.delete(waiter);
          reject(unreachable("no frame in time"));
        }, this.timing.firstFrameMs);
      });
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
  }

  async snapshot(): Promise<Buffer> {
    if (this.latest && this.upstream && Date.now() - this.latest.at < FRESH_MS) return this.latest.jpeg;
    return this.client.snapshot();
  }

  close(): void {
    this.closed = true;
    this.set.clear();
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    this.upstream?.abort();
    this.upstream = null;
    this.fail(unreachable("the hub is stopping"));
  }

  private wake(): void {
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    if (!this.upstream && !this.closed) void this.run();
  }

  private idle(): void {
    if (this.linger) clearTimeout(this.linger);
    this.linger = setTimeout(() => {
      this.linger = null;
      if (this.set.size > 0) return;
      this.upstream?.abort();
      this.upstream = null;
    }, this.timing.lingerMs);
    this.linger.unref();
  }

  /** The upstream loop: read, and after a failure wait and read again, until aborted. */
  private async run(): Promise<void> {
    const controller = new AbortController();
    this.upstream = controller;
    const { signal } = controller;
    while (!signal.aborted) {
      try {
        await this.read(signal);
        if (!signal.aborted) this.fail(unreachable("the stream ended"));
      } catch (error) {
        if (!signal.aborted) this.fail(error instanceof Error ? error : unreachable("the stream failed"));
      }
      if (signal.aborted) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.timing.retryMs);
        signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
    if (this.upstream === controller) this.upstream = null;
  }

  /** One upstream connection: resolves when it ends, throws when it fails or stalls. */
  private async read(signal: AbortSignal): Promise<void> {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener("abort", stop, { once: true });
    try {
      await this.readAttempt(attempt);
    } finally {
      signal.removeEventListener("abort", stop);
      attempt.abort();
    }
  }

  private async readAttempt(attempt: AbortController): Promise<void> {
    const response = await this.client.mjpeg(attempt);
    const boundary = multipartBoundary(response.headers.get("content-type"));
    const reader = response.body?.getReader();
    if (!boundary || !reader) {
      await response.body?.cancel().catch(() => undefined);
      throw unreachable("the stream is not MJPEG");
    }
    const splitter = new MultipartSplitter(boundary);
    // Cancel the body on abort ourselves: an aborted fetch signal does not always end a body being read.
    const cancel = () => void reader.cancel().catch(() => undefined);
    attempt.signal.addEventListener("abort", cancel, { once: true });
    try {
      while (!attempt.signal.aborted) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.timing.readTimeoutMs)));
        const next = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
        if (next === null) throw unreachable("the stream stalled");
        if (next.done) return;
        for (const part of splitter.push(Buffer.from(next.value))) {
          if (part[0] === 0xff && part[1] === 0xd8) this.frame(part);
        }
      }
    } finally {
      attempt.signal.removeEventListener("abort", cancel);
      await reader.cancel().catch(() => undefined);
    }
  }

  private frame(jpeg: Buffer): void {
    this.latest = { jpeg, at: Date.now() };
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters.clear();
    for (const listener of [...this.set]) {
      try {
        listener(jpeg);
      } catch {
        // one viewer's failure never stops the others
      }
    }
  }

  private fail(error: Error): void {
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters.clear();
  }
}
