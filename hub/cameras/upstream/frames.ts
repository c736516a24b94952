import type { HubError } from "../../core/errors";
import type { FrameListener, FrameObserver, FrameSource } from "../source";
import { MultipartSplitter, multipartBoundary } from "./multipart";

/**
 * Where an {@link UpstreamFrames} reads its `multipart/x-mixed-replace` stream: a go2rtc gateway
 * (go2rtc/client.ts), a camera's own MJPEG URL (sources/mjpeg.ts) or ffmpeg reading RTSP
 * (sources/rtsp-mjpeg.ts).
 */
export interface MjpegUpstream {
  /** Opens the stream; resolves with a response whose body the caller reads until `abort` is aborted. @throws HubError */
  mjpeg(abort: AbortController): Promise<Response>;
  /** One JPEG fetched on its own (a snapshot URL); absent: the next frame of the stream is the snapshot. @throws HubError */
  snapshot?(): Promise<Buffer>;
  /** The refusal naming what went wrong (409 DEVICE_UNREACHABLE; never an address or a login). */
  unreachable(what: string): HubError;
}

/** Timing of the proxied MJPEG stream, milliseconds. */
export interface UpstreamFramesTiming {
  /** The upstream stays open this long after the last viewer went (a dashboard restarting its stream 500 ms later keeps it). */
  lingerMs: number;
  /** Wait before opening the upstream again after it failed or ended; doubled after each failure without a frame, up to {@link maxRetryMs}. */
  retryMs: number;
  /** Longest wait between attempts (backoff cap). */
  maxRetryMs?: number;
  /** No bytes from the upstream for this long: it is stalled, closed and opened again. */
  readTimeoutMs: number;
  /** {@link UpstreamFrames.ready} waits this long for a first frame. */
  firstFrameMs: number;
}

/** Defaults: linger 2 s, retry 1 s (backoff to 30 s), read timeout 5 s, first frame 5 s (within the dashboard's 7 s connect timeout). */
export const UPSTREAM_FRAMES_TIMING: UpstreamFramesTiming = {
  lingerMs: 2_000,
  retryMs: 1_000,
  maxRetryMs: 30_000,
  readTimeoutMs: 5_000,
  firstFrameMs: 5_000,
};

/** A frame younger than this is current (a snapshot, or a viewer joining, gets it without waiting), ms. */
const FRESH_MS = 2_000;

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/**
 * The frames of a camera whose picture comes as MJPEG from elsewhere (household sources `go2rtc`,
 * `mjpeg`, `rtsp` through ffmpeg): ONE upstream stream per camera ({@link MjpegUpstream}), split on
 * its multipart boundary and handed to every viewer of `GET /live/mjpeg/{cameraId}`
 * (hub/cameras/mjpeg.ts sends them on with the hub's own boundary). It runs only while someone
 * watches (plus {@link UpstreamFramesTiming.lingerMs}), is opened again after a failure, a stall
 * or its end while viewers remain (waiting longer after each failure in a row), and never throws
 * into the hub: a dead camera only means no frames. {@link ready} tells a new viewer beforehand
 * (409 DEVICE_UNREACHABLE); {@link snapshot} is the latest frame, the upstream's own snapshot, or
 * else the next frame of the stream.
 */
export class UpstreamFrames implements FrameSource {
  private readonly set = new Set<FrameListener>();
  private readonly waiters = new Set<Waiter>();
  private readonly observers = new Set<FrameObserver>();
  /** The current attempt's upstream answered with MJPEG (a failure after that is no signal, before it unreachable). */
  private answered = false;
  private latest: { jpeg: Buffer; at: number } | null = null;
  private upstream: AbortController | null = null;
  private linger: NodeJS.Timeout | null = null;
  private closed = false;
  private failures = 0;

  constructor(
    private readonly client: MjpegUpstream,
    private readonly timing: UpstreamFramesTiming = UPSTREAM_FRAMES_TIMING,
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

  watch(observer: FrameObserver): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  /**
   * Resolves when the upstream delivers frames (at once when it does now), so a viewer is not
   * answered 200 by a dead camera. @throws HubError DEVICE_UNREACHABLE when the upstream is unreachable,
   * refuses, sends no MJPEG, or no frame comes within {@link UpstreamFramesTiming.firstFrameMs}
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
          reject(this.client.unreachable("no frame in time"));
        }, this.timing.firstFrameMs);
      });
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
  }

  async snapshot(): Promise<Buffer> {
    if (this.latest && this.upstream && Date.now() - this.latest.at < FRESH_MS) return this.latest.jpeg;
    if (this.client.snapshot) return this.client.snapshot();
    await this.ready();
    if (!this.latest) throw this.client.unreachable("no frame in time");
    return this.latest.jpeg;
  }

  close(): void {
    this.closed = true;
    this.set.clear();
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    this.upstream?.abort();
    this.upstream = null;
    this.fail(this.client.unreachable("the hub is stopping"));
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
      this.answered = false;
      try {
        await this.read(signal);
        if (!signal.aborted) this.fail(this.client.unreachable("the stream ended"));
      } catch (error) {
        if (!signal.aborted) this.fail(error instanceof Error ? error : this.client.unreachable("the stream failed"));
      }
      if (signal.aborted) break;
      const kind = this.answered ? "no-signal" : "unreachable";
      for (const observer of this.observers) observer.failed(kind);
      const wait = Math.min(this.timing.retryMs * 2 ** this.failures, this.timing.maxRetryMs ?? this.timing.retryMs);
      this.failures += 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
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
      throw this.client.unreachable("the stream is not MJPEG");
    }
    this.answered = true;
    const splitter = new MultipartSplitter(boundary);
    // Cancel the body on abort ourselves: an aborted fetch signal does not always end a body being read.
    const cancel = () => void reader.cancel().catch(() => undefined);
    attempt.signal.addEventListener("abort", cancel, { once: true });
    try {
      while (!attempt.signal.aborted) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<null>(
          (resolve) => (timer = setTimeout(() => resolve(null), this.timing.readTimeoutMs)),
        );
        const next = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
        if (next === null) throw this.client.unreachable("the stream stalled");
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
    this.failures = 0;
    for (const observer of this.observers) observer.frame();
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
