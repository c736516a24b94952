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
  /** Receives one batch per frame: topic -> its newest value. Never called with an empty batch. */
  apply: (batch: Map<string, LiveValue>) => void;
  /** Schedules a flush; requestAnimationFrame by default (setTimeout 16 ms where there is none). */
  schedule?: (cb: () => void) => void;
  /** Largest payload accepted, bytes. Default 65 536 (DESIGN §3). */
  maxPayloadBytes?: number;
  /** Topic limits passed to topicToPath. */
  topicLimits?: TopicLimits;
  /** Clock, epoch ms. Default Date.now. */
  now?: () => number;
};

/** An ingest: push raw messages in, get parsed batches out once per frame. */
export type Ingest = {
  /** Queues a message; never throws. */
  push(topic: string, payload: Uint8Array): void;
  /** Applies everything queued now (also called by the scheduler). */
  flush(): void;
  stats(): IngestStats;
};

/** Default largest payload, bytes (DESIGN §3: 64 KiB). */
export const MAX_PAYLOAD_BYTES = 65_536;

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
 * JSON (falling back to the text) and hands one batch per frame to `apply`. A payload identical to
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

  function flush(): void {
    scheduled = false;
    if (pending.size === 0) return;
    const batch = new Map<string, LiveValue>();
    for (const [topic, { payload, receivedAt }] of pending) {
      const text = decoder.decode(payload);
      const previous = last.get(topic);
      let value: unknown;
      if (previous !== undefined && previous.text === text) {
        value = previous.value;
        counts.unchanged++;
      } else {
        value = parsePayload(text);
        last.set(topic, { text, value });
      }
      batch.set(topic, { value, receivedAt });
    }
    pending.clear();
    counts.applied += batch.size;
    try {
      options.apply(batch);
    } catch (error) {
      console.error("live ingest: apply failed", error);
    }
  }

  function push(topic: string, payload: Uint8Array): void {
    counts.received++;
    if (payload.byteLength > maxPayloadBytes || topicToPath(topic, options.topicLimits) === null) {
      counts.dropped++;
      return;
    }
    // Copy: the MQTT client may reuse the packet buffer after the handler returns.
    pending.set(topic, { payload: payload.slice(), receivedAt: now() });
    if (!scheduled) {
      scheduled = true;
      schedule(flush);
    }
  }

  return { push, flush, stats: () => ({ ...counts }) };
}
