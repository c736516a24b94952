import { drawSimulatedFrame } from "./frames";
import { PtzHead, type FrameView } from "./ptz";

/** A JPEG frame listener: gets each new frame (the same Buffer for every listener; never mutated). */
export type FrameListener = (jpeg: Buffer) => void;

/**
 * Watches a source's health without keeping it running (hub/cameras/monitor.ts): `frame` for each
 * frame that arrives from the camera (at most once per frame, whoever listens), `failed` when a
 * connection to the camera ends without frames: `unreachable` (refused, an error status, not MJPEG)
 * or `no-signal` (it answered, then sent nothing, stalled or ended).
 */
export interface FrameObserver {
  frame(): void;
  failed(kind: "unreachable" | "no-signal"): void;
}

/** Frames per second of a simulated camera. */
export const SIM_FPS = 5;

/**
 * A source of JPEG frames for one camera (hub/cameras/mjpeg.ts streams it). It produces frames
 * only while someone listens: the first {@link subscribe} starts the clock, the last unsubscribe
 * stops it, so an unwatched camera costs nothing.
 */
export interface FrameSource {
  /** Adds a listener; returns the function that removes it. The latest frame, if any, is sent at once. */
  subscribe(listener: FrameListener): () => void;
  /** One current frame (drawn now when the source is idle; fetched from a camera gateway): the snapshot preview. */
  snapshot(): Buffer | Promise<Buffer>;
  /** Resolves when the source can deliver frames (a gateway's stream is up); absent = always. Throws a HubError when it cannot. */
  ready?(): Promise<void>;
  /** Adds a health observer ({@link FrameObserver}); it neither starts nor holds the source. Returns the function that removes it. */
  watch(observer: FrameObserver): () => void;
  /** Listeners now. */
  readonly listeners: number;
  /** Stops producing and drops every listener. */
  close(): void;
}

/**
 * The hub's own moving test picture (household source `demo`): {@link SIM_FPS} frames per second
 * drawn and JPEG-encoded in Node (frames.ts), tinted by `hue`, showing the time and a frame counter.
 * `pause(ms)` (demo and tests) stops sending frames for a while, as a stalled camera does. Above
 * {@link SIM_FPS} (`fps`, HUB_DEMO_CAMERA_FPS) the picture still changes SIM_FPS times a second and
 * the frames between repeat it.
 */
export class SimulatedCamera implements FrameSource {
  private readonly set = new Set<FrameListener>();
  private readonly observers = new Set<FrameObserver>();
  private timer: NodeJS.Timeout | null = null;
  private frame = 0;
  private latest: Buffer | null = null;
  private pausedUntil = 0;
  /** The simulated PTZ head: `POST /controls/ptz/{cameraId}` moves it. */
  readonly ptz = new PtzHead();
  /** The IR night picture is on (night mode). */
  night = false;

  constructor(
    private readonly hue: number,
    private readonly fps = SIM_FPS,
  ) {}

  get listeners(): number {
    return this.set.size;
  }

  subscribe(listener: FrameListener): () => void {
    this.set.add(listener);
    if (this.latest && Date.now() >= this.pausedUntil) listener(this.latest);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), Math.round(1000 / this.fps));
      this.timer.unref();
      this.tick();
    }
    return () => {
      this.set.delete(listener);
      if (this.set.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  watch(observer: FrameObserver): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  snapshot(): Buffer {
    return this.timer && this.latest ? this.latest : drawSimulatedFrame(this.frame, new Date(), this.hue, this.view());
  }

  /** No frames for `ms` milliseconds (a stalled camera); listeners stay connected. */
  pause(ms: number): void {
    this.pausedUntil = Date.now() + ms;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.set.clear();
  }

  /** What the picture shows now: the PTZ head's position and the night picture. */
  view(): FrameView {
    return { ...this.ptz.viewAt(), night: this.night };
  }

  private tick(): void {
    if (Date.now() < this.pausedUntil) return;
    this.frame += 1;
    // Above SIM_FPS (HUB_DEMO_CAMERA_FPS, the long-run benchmark) a new picture is drawn SIM_FPS
    // times a second and the frames between repeat the latest one: drawing and encoding a frame
    // takes tens of ms of the hub's one thread, so drawing each would cap the rate well below it.
    const drawEvery = Math.max(1, Math.round(this.fps / SIM_FPS));
    if (!this.latest || this.frame % drawEvery === 0)
      this.latest = drawSimulatedFrame(this.frame, new Date(), this.hue, this.view());
    for (const observer of this.observers) observer.frame();
    for (const listener of this.set) listener(this.latest);
  }
}
