/**
 * Keeps a retained copy from undoing a newer live value (DESIGN §3: live data never
 * lies). On SUBSCRIBE the broker sends each topic's retained message, read from its store while
 * live messages already flow to the new subscription: a live reading can arrive first and the
 * retained copy, read a moment earlier, after it, so the tile would fall back to the older value
 * until the next reading (seen as a flaky end-to-end test: the lowest outdoor temperature kept the
 * previous reading). A retained message is never newer than a live one received on the same
 * connection, so once a topic has had a live message, its retained copies are skipped.
 */
export interface RetainedGuard {
  /** Whether to deliver a message (`retain` as the broker flagged it); remembers live topics. */
  deliver(topic: string, retain: boolean): boolean;
  /** A new connection (clean session): nothing received live on it yet. */
  reset(): void;
}

/**
 * A {@link RetainedGuard} for one live connection. Remembers at most `maxTopics` live topics (the
 * ingest's topic cap bounds what is worth remembering); past that it delivers retained copies as
 * before rather than grow.
 */
export function createRetainedGuard(maxTopics = 10_000): RetainedGuard {
  let live = new Set<string>();
  return {
    deliver(topic, retain) {
      if (retain) return !live.has(topic);
      if (live.size < maxTopics) live.add(topic);
      return true;
    },
    reset() {
      live = new Set();
    },
  };
}
