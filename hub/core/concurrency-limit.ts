import type { HubError } from "./errors";

/** The bounds of a {@link ConcurrencyLimit}. */
export interface ConcurrencyBounds {
  /** Jobs running at once per key (e.g. per camera). */
  perKey: number;
  /** Jobs running at once in all. */
  total: number;
  /** Longest a job waits for its turn, ms; then it is refused. */
  waitMs: number;
  /** Jobs waiting at once, in all; one more is refused at once. */
  waiting: number;
}

type Waiter = { key: string; start: () => void };

/**
 * Bounds work the hub does for callers (fetching a camera's snapshot, proxying an HLS segment): at
 * most {@link ConcurrencyBounds.perKey} jobs of a key and {@link ConcurrencyBounds.total} in all
 * run at once, so the memory they hold is bounded by that count times each job's own size cap. A
 * job beyond that waits its turn (first come, first served) at most `waitMs`, and at most `waiting`
 * jobs wait; past either it is refused with `refusal()` (the caller's HubError, e.g. 429
 * TOO_MANY_STREAMS) and never runs.
 */
export class ConcurrencyLimit {
  private readonly running = new Map<string, number>();
  private all = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly bounds: ConcurrencyBounds,
    private readonly refusal: () => HubError,
  ) {}

  /** Jobs running now, in all. */
  get active(): number {
    return this.all;
  }

  /** Jobs running now under `key`. */
  activeOf(key: string): number {
    return this.running.get(key) ?? 0;
  }

  /** Jobs waiting now, in all. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Runs `job` under `key` once a slot is free and answers what it answers (its failure too); the
   * slot is freed when it settles. @throws HubError `refusal()` when no slot came within `waitMs`
   * or too many jobs wait already (then `job` never runs)
   */
  async run<T>(key: string, job: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await job();
    } finally {
      release();
    }
  }

  /**
   * Takes a slot of `key` once one is free, for work that outlives a function call (an answer
   * until it has been sent); answers the function that frees it (once; later calls do nothing).
   * @throws HubError `refusal()` as {@link run}
   */
  async acquire(key: string): Promise<() => void> {
    await this.slot(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  private fits(key: string): boolean {
    return this.all < this.bounds.total && this.activeOf(key) < this.bounds.perKey;
  }

  private take(key: string): void {
    this.all += 1;
    this.running.set(key, this.activeOf(key) + 1);
  }

  private slot(key: string): Promise<void> {
    // Waiters are started as soon as a slot frees (release), so a job that fits now jumps no one.
    if (this.fits(key)) {
      this.take(key);
      return Promise.resolve();
    }
    if (this.queue.length >= this.bounds.waiting) return Promise.reject(this.refusal());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at !== -1) this.queue.splice(at, 1);
        reject(this.refusal());
      }, this.bounds.waitMs);
      this.queue.push(waiter);
    });
  }

  private release(key: string): void {
    this.all -= 1;
    const left = this.activeOf(key) - 1;
    if (left <= 0) this.running.delete(key);
    else this.running.set(key, left);
    for (let at = 0; at < this.queue.length && this.all < this.bounds.total;) {
      const waiter = this.queue[at]!;
      if (!this.fits(waiter.key)) {
        at += 1;
        continue;
      }
      this.queue.splice(at, 1);
      this.take(waiter.key);
      waiter.start();
    }
  }
}
