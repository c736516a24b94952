/** A sender that throttles values (see {@link throttleLatest}). */
export type LatestSender<T> = {
  /** Offers a value: sent now if allowed, else kept as the one to send next (replacing older ones). */
  push(value: T): void;
  /** Drops a value waiting to be sent (the control unmounts). */
  cancel(): void;
};

/**
 * Throttle with a trailing edge for slider commands ("at most a few commands per second
 * while dragged and the last value always"): the first value goes at once; later ones at most one
 * per `intervalMs`, never two requests at once (the next waits for `send` to settle), and the last
 * value pushed is always sent in the end. Values in between are dropped.
 */
export function throttleLatest<T>(send: (value: T) => Promise<unknown>, intervalMs: number): LatestSender<T> {
  let waiting: { value: T } | null = null;
  let inFlight = false;
  let lastSentAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const pump = () => {
    if (inFlight || timer !== null || waiting === null) return;
    const wait = lastSentAt + intervalMs - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    const { value } = waiting;
    waiting = null;
    inFlight = true;
    lastSentAt = Date.now();
    void send(value)
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        pump();
      });
  };
  return {
    push(value) {
      waiting = { value };
      pump();
    },
    cancel() {
      waiting = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
