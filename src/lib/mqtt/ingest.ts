import { topicToPath, type TopicLimits } from "./topic";

/** One live leaf: the parsed payload (JSON, or the text when it is not JSON) and when it arrived. */
export type LiveValue = { value: unknown; receivedAt: number /* epoch ms */ };

/** Counters of an ingest since it was created. */
export type IngestStats = {
  /** Messages pushed. */
  received: number;
  /** Values handed to `apply` (after keeping the last per topic per frame). */
  applied: number;
  /** Messages dropped: hostile or malformed topic, oversized payload. */
  dropped: number;
  /** Applied values whose payload was byte-identical to the topic's previous one (value reused). */
  unchanged: number;
};

/** Options of {@link createIngest}. */
export type IngestOptions = {
  /**
   * Receives batches of topic -> newest value (at most 64 values each, oldest queued first), as many
   * per frame as the frame budget allows. Never called with an empty batch.
   */
  apply: (batch: Map<string, LiveValue>) => void;
  /** Schedules a flush; requestAnimationFrame by default (setTimeout 16 ms where there is none). */
  schedule?: (cb: () => void) => void;
  /** Largest payload accepted, bytes. Default 65 536 (DESIGN §3). */
  maxPayloadBytes?: number;
  /** Topic limits passed to topicToPath. */
  topicLimits?: TopicLimits;
  /** Clock, epoch ms. Default Date.now. */
  now?: () => number;
  /**
   * Main-thread time one scheduled flush may spend, ms (default 8). What is left waits for the next
   * frame, so a burst of retained messages on connect never becomes one long task (DESIGN §6: no task
   * over 200 ms for 2,000 retained topics; 50 ms under sustained load).
   */
  frameBudgetMs?: number;
  /** Monotonic clock for the frame budget, ms. Default performance.now. */
  monotonic?: () => number;
};

/** An ingest: push raw messages in, get parsed batches out once per frame. */
export type Ingest = {
  /** Queues a message; never throws. */
  push(topic: string, payload: Uint8Array): void;
  /** Applies everything queued now, ignoring the frame budget. */
  flush(): void;
  stats(): IngestStats;
};

/** Default largest payload, bytes (DESIGN §3: 64 KiB). */
export const MAX_PAYLOAD_BYTES = 65_536;

/** Default main-thread budget of one scheduled flush, ms. */
export const FRAME_BUDGET_MS = 8;

/** Values handed to `apply` at a time within a flush; the frame budget is checked between chunks. */
const APPLY_CHUNK = 64;

const defaultSchedule = (cb: () => void): void => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => cb());
  else setTimeout(cb, 16);
};

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The live channel's ingest (DESIGN §3-4, spec §7 "Live channel"): validates topics
 * (see topicToPath) and payload size, keeps only the last payload per topic within a frame, parses
 * JSON (falling back to the text) and hands batches to `apply` once per frame, within a frame budget
 * (what does not fit waits for the next frame). A payload identical to
 * the topic's previous one is still applied (a retained re-delivery after a reconnect refreshes
 * `receivedAt`) but reuses the previous parsed value, so its identity is kept. Hostile topics and
 * oversized payloads are dropped and counted; nothing here throws (an `apply` error is logged).
 */
export function createIngest(options: IngestOptions): Ingest {
  const schedule = options.schedule ?? defaultSchedule;
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  const now = options.now ?? Date.now;
  const decoder = new TextDecoder("utf-8");
  const pending = new Map<string, { payload: Uint8Array; receivedAt: number }>();
  const last = new Map<string, { text: string; value: unknown }>();
  const counts: IngestStats = { received: 0, applied: 0, dropped: 0, unchanged: 0 };
  let scheduled = false;

  const frameBudgetMs = options.frameBudgetMs ?? FRAME_BUDGET_MS;
  const monotonic = options.monotonic ?? (() => performance.now());

  function parseOne(topic: string, payload: Uint8Array): unknown {
    const text = decoder.decode(payload);
    const previous = last.get(topic);
    if (previous !== undefined && previous.text === text) {
      counts.unchanged++;
      return previous.value;
    }
    const value = parsePayload(text);
    last.set(topic, { text, value });
    return value;
  }

  function applyChunk(batch: Map<string, LiveValue>): void {
    counts.applied += batch.size;
    try {
      options.apply(batch);
    } catch (error) {
      console.error("live ingest: apply failed", error);
    }
  }

  /** Applies queued values in chunks until `deadline` (monotonic ms) passes; returns whether any remain. */
  function drain(deadline: number): boolean {
    while (pending.size > 0) {
      const batch = new Map<string, LiveValue>();
      for (const [topic, { payload, receivedAt }] of pending) {
        pending.delete(topic);
        batch.set(topic, { value: parseOne(topic, payload), receivedAt });
        if (batch.size >= APPLY_CHUNK) break;
      }
      applyChunk(batch);
      if (monotonic() >= deadline) break;
    }
    return pending.size > 0;
  }

  function scheduleFlush(): void {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      if (drain(monotonic() + frameBudgetMs)) scheduleFlush();
    });
  }

  function flush(): void {
    drain(Number.POSITIVE_INFINITY);
  }

  function push(topic: string, payload: Uint8Array): void {
    counts.received++;
    if (payload.byteLength > maxPayloadBytes || topicToPath(topic, options.topicLimits) === null) {
      counts.dropped++;
      return;
    }
    // Copy: the MQTT client may reuse the packet buffer after the handler returns.
    // A newer message for a topic still queued replaces it in place (keeps its turn in the queue).
    pending.set(topic, { payload: payload.slice(), receivedAt: now() });
    scheduleFlush();
  }

  return { push, flush, stats: () => ({ ...counts }) };
}
