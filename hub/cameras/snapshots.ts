import { ConcurrencyLimit, type ConcurrencyBounds } from "../core/concurrency-limit";
import { HubError } from "../core/errors";
import type { FrameSource } from "./source";

/**
 * Bounds of `GET /live/snapshot/{cameraId}` (docs/contract.md "Cameras"): a snapshot taken less
 * than `reuseMs` ago is answered again; at most `perKey` snapshots of a camera and `total` in
 * all are taken at once (a demo camera's is drawn on the hub's one thread, a real camera's fetched
 * whole into memory, up to 5 MiB); one that waits over `waitMs` for its turn is refused.
 */
export const SNAPSHOT_LIMITS = {
  reuseMs: 1_000,
  perKey: 1,
  total: 4,
  waitMs: 2_000,
  waiting: 64,
} as const satisfies ConcurrencyBounds & { reuseMs: number };

/** A snapshot as answered: the JPEG and its tag (the same tag, the same picture: it was reused). */
export interface Snapshot {
  jpeg: Buffer;
  /** `"<n>"`: the hub's count of snapshots taken when this one was; an HTTP ETag. */
  etag: string;
}

/** The 429 answered when no snapshot can be taken now; the client may try again after `retryAfterMs`. */
export function snapshotRefusal(): HubError {
  return new HubError("TOO_MANY_STREAMS", "too many camera snapshots are being taken; try again in a moment", {
    retryAfterMs: 1_000,
  });
}

/**
 * The cameras' snapshots (`GET /live/snapshot/{cameraId}`): one taken from the camera's frame
 * source (drawn for a demo camera, the upstream's own snapshot or latest frame for a real one) is
 * shared by every request that comes while it is being taken, and answered again for `reuseMs`
 * after; taking them is bounded by a {@link ConcurrencyLimit} ({@link SNAPSHOT_LIMITS}), so any
 * number of requests costs at most one snapshot per camera per `reuseMs` and a bounded amount of
 * memory. Keeps at most one snapshot per camera, dropped `reuseMs` after it was taken.
 */
export class Snapshots {
  private readonly recent = new Map<string, { snapshot: Snapshot; at: number }>();
  private readonly inFlight = new Map<string, Promise<Snapshot>>();
  private readonly limit: ConcurrencyLimit;
  private taken = 0;

  constructor(
    /** The cameras' frame sources. @throws HubError (NOT_FOUND for an unknown or disabled camera, …) */
    private readonly cameras: { frames(id: string): FrameSource },
    private readonly limits: ConcurrencyBounds & { reuseMs: number } = SNAPSHOT_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.limit = new ConcurrencyLimit(limits, snapshotRefusal);
  }

  /** Snapshots taken from the cameras' sources since the hub started (each reused answer is not one). */
  get count(): number {
    return this.taken;
  }

  /**
   * A current snapshot of camera `id`: a recent one again, the one being taken, or a new one.
   * @throws HubError from the camera service (NOT_FOUND, NOT_SUPPORTED) or its source
   * (DEVICE_UNREACHABLE); TOO_MANY_STREAMS ({@link snapshotRefusal}) when none could be taken in time
   */
  async get(id: string): Promise<Snapshot> {
    const source = this.cameras.frames(id);
    const recent = this.recent.get(id);
    if (recent && this.now() - recent.at < this.limits.reuseMs) return recent.snapshot;
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const taking = this.take(id, source).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, taking);
    return taking;
  }

  private async take(id: string, source: FrameSource): Promise<Snapshot> {
    const jpeg = await this.limit.run(id, () => source.snapshot());
    this.taken += 1;
    const entry = { snapshot: { jpeg, etag: `"${this.taken}"` }, at: this.now() };
    this.recent.set(id, entry);
    const forget = setTimeout(() => {
      if (this.recent.get(id) === entry) this.recent.delete(id);
    }, this.limits.reuseMs);
    forget.unref();
    return entry.snapshot;
  }
}
