import { LIVE_PAYLOAD_MAX_BYTES } from "../../../contract/topics";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "../../shared/jsonDepth";
import { topicToPath, type TopicLimits } from "./topic";
import { createTopicBudget, type TopicBudgetLimits } from "./topicBudget";

export { MAX_JSON_DEPTH } from "../../shared/jsonDepth";
export { MAX_FOREIGN_TOPICS, MAX_LIVE_TOPICS, MAX_TOPICS_PER_ROOT } from "./topicBudget";

/** One live leaf: the parsed payload (JSON, or the text when it is not JSON) and when it arrived. */
export type LiveValue = { value: unknown; receivedAt: number /* epoch ms */ };

/**
 * Why a message was dropped (DESIGN §3 "Hostile input"): `topic` a hostile or malformed topic name
 * (see topicToPath), `payloadSize` a payload over the size cap, `depth` JSON nested deeper than the
 * depth cap, `topicCap` a new topic while the topic cap is reached.
 */
export type DropReason = "topic" | "payloadSize" | "depth" | "topicCap";

/** Counters of an ingest since it was created. */
export type IngestStats = {
  /** Messages pushed. */
  received: number;
  /** Values handed to `apply` (after keeping the last per topic per frame). */
  applied: number;
  /** Messages dropped, all reasons. */
  dropped: number;
  /** Messages dropped, per reason. */
  droppedBy: Record<DropReason, number>;
  /** Applied values whose payload was byte-identical to the topic's previous one (value reused). */
  unchanged: number;
  /** Distinct topics held (at most the topic cap). */
  topics: number;
  /** Messages waiting for the next frame's drain (one per topic, one per message of an event topic); 0 once everything received is applied. */
  queued: number;
};

/** Counters of an ingest that has seen nothing yet. */
export function emptyIngestStats(): IngestStats {
  return {
    received: 0,
    applied: 0,
    dropped: 0,
    droppedBy: { topic: 0, payloadSize: 0, depth: 0, topicCap: 0 },
    unchanged: 0,
    topics: 0,
    queued: 0,
  };
}

/** Options of {@link createIngest}. */
export type IngestOptions = {
  /**
   * Receives batches of topic -> newest value (at most 64 values each, oldest queued first), as many
   * per frame as the frame budget allows. Never called with an empty batch.
   */
  apply: (batch: Map<string, LiveValue>) => void;
  /**
   * Topics whose messages are events, not state: each message is applied, in order, every one in a
   * batch of its own (two on one topic never share a batch), instead of only the frame's last.
   * Default: none (every topic is state).
   */
  isEvent?: (topic: string) => boolean;
  /** Schedules a flush; requestAnimationFrame by default (setTimeout 16 ms where there is none). */
  schedule?: (cb: () => void) => void;
  /** Largest payload accepted, bytes. Default 65 536 (DESIGN §3). */
  maxPayloadBytes?: number;
  /** Topic limits passed to topicToPath. */
  topicLimits?: TopicLimits;
  /**
   * Deepest JSON accepted, levels (a scalar is 0, `{}` 1). Default {@link MAX_JSON_DEPTH} (32):
   * one retained payload nested 32,000 deep made every IndexedDB save of the live snapshot fail with
   * 'Maximum call stack size exceeded'.
   */
  maxPayloadDepth?: number;
  /**
   * The topic cap: most distinct topics held in all, per first level of the dashboard's
   * namespace, and outside it. Defaults MAX_LIVE_TOPICS (5,000), MAX_TOPICS_PER_ROOT (2,000) and
   * MAX_FOREIGN_TOPICS (1,000); see createTopicBudget.
   */
  topicBudget?: TopicBudgetLimits;
  /**
   * Topics the live state already holds (restored from the offline snapshot): they count towards
   * the cap and keep updating. Read once, when the ingest is created.
   */
  knownTopics?: Iterable<string>;
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
  /**
   * Receives a copy of the counters after a scheduled flush, at most once per frame and only when
   * they changed: also when every message of the frame was dropped and nothing was applied.
   */
  onStats?: (stats: IngestStats) => void;
};

/** An ingest: push raw messages in, get parsed batches out once per frame. */
export type Ingest = {
  /**
   * Queues a message; never throws. O(1) for a topic already held: nothing here walks the topics
   *; a message dropped for its size or the topic cap costs a Set lookup, never a parse.
   */
  push(topic: string, payload: Uint8Array): void;
  /** Applies everything queued now, ignoring the frame budget. */
  flush(): void;
  /** A copy of the counters now (received, applied, dropped per reason, unchanged, topics held). */
  stats(): IngestStats;
};

/** Default largest payload, bytes (DESIGN §3: 64 KiB; the contract's {@link LIVE_PAYLOAD_MAX_BYTES}). */
export const MAX_PAYLOAD_BYTES = LIVE_PAYLOAD_MAX_BYTES;

/** Default main-thread budget of one scheduled flush, ms. */
export const FRAME_BUDGET_MS = 8;

/**
 * Most event messages queued at once (see IngestOptions.isEvent); past it, an event topic's newest
 * message replaces its queued one, as for a state topic, so a flood cannot grow the queue.
 */
export const MAX_QUEUED_EVENTS = 64;

const noEvents = (): boolean => false;

/** Values handed to `apply` at a time within a flush; the frame budget is checked between chunks. */
const APPLY_CHUNK = 64;

/** What {@link parseOne} returns for a payload it drops. */
const DROPPED: unique symbol = Symbol("dropped");

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
 * (see topicToPath) and payload size, keeps only the last payload per topic within a frame (every
 * message of an event topic, each applied in a batch of its own: IngestOptions.isEvent), parses
 * JSON (falling back to the text) and hands batches to `apply` once per frame, within a frame budget
 * (what does not fit waits for the next frame). A payload identical to
 * the topic's previous one is still applied (a retained re-delivery after a reconnect refreshes
 * `receivedAt`) but reuses the previous parsed value, so its identity is kept.
 *
 * Dropped and counted per {@link DropReason}, never thrown and never applied: hostile topics,
 * oversized payloads, JSON nested deeper than `maxPayloadDepth` (measured iteratively after parsing;
 * the topic keeps its previous value), and a new topic while the topic cap is reached (checked
 * on push, before any copy or parse; topics already held keep updating). An `apply` error
 * is logged.
 */
export function createIngest(options: IngestOptions): Ingest {
  const schedule = options.schedule ?? defaultSchedule;
  const maxPayloadBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  const maxPayloadDepth = options.maxPayloadDepth ?? MAX_JSON_DEPTH;
  const now = options.now ?? Date.now;
  const isEvent = options.isEvent ?? noEvents;
  const decoder = new TextDecoder("utf-8");
  /** Keyed by topic, or for each event message by its own key (`\0` and a number: no topic holds U+0000). */
  const pending = new Map<string, { topic: string; payload: Uint8Array; receivedAt: number }>();
  let queuedEvents = 0;
  let eventSeq = 0;
  const last = new Map<string, { text: string; value: unknown }>();
  const topics = createTopicBudget(options.topicBudget);
  const known = new Set<string>();
  for (const topic of options.knownTopics ?? []) {
    if (topicToPath(topic, options.topicLimits) !== null && topics.admit(topic)) known.add(topic);
  }
  const counts = emptyIngestStats();
  let scheduled = false;

  const frameBudgetMs = options.frameBudgetMs ?? FRAME_BUDGET_MS;
  const monotonic = options.monotonic ?? (() => performance.now());

  function drop(reason: DropReason): void {
    counts.dropped++;
    counts.droppedBy[reason]++;
    // Only to report the counters (onStats): a frame with drops alone still reports them.
    if (options.onStats) scheduleFlush();
  }

  const stats = (): IngestStats => ({
    ...counts,
    droppedBy: { ...counts.droppedBy },
    topics: topics.size(),
    queued: pending.size,
  });
  let reported = -1;
  function report(): void {
    // Every counter only grows, so their sum changes whenever one does: a message received, or a
    // queued one applied, found unchanged or dropped by a later frame's drain (a burst spread over
    // frames receives nothing new in its last ones, yet those apply most of it).
    const signature = counts.received + counts.applied + counts.dropped + counts.unchanged;
    if (!options.onStats || reported === signature) return;
    reported = signature;
    try {
      options.onStats(stats());
    } catch (error) {
      console.error("live ingest: onStats failed", error);
    }
  }

  /** The payload's value, or DROPPED when it nests deeper than the cap (the topic keeps its last value). */
  function parseOne(topic: string, payload: Uint8Array): unknown {
    const text = decoder.decode(payload);
    const previous = last.get(topic);
    if (previous !== undefined && previous.text === text) {
      counts.unchanged++;
      return previous.value;
    }
    const value = parsePayload(text);
    // A value nested d levels deep takes at least 2d bytes, so short payloads need no walk.
    if (text.length > 2 * maxPayloadDepth && !jsonDepthWithin(value, maxPayloadDepth)) {
      drop("depth");
      // A topic whose first value was too deep holds nothing: give its place back.
      if (previous === undefined && !known.has(topic)) topics.release(topic);
      return DROPPED;
    }
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
      for (const [key, { topic, payload, receivedAt }] of pending) {
        // A second event of a topic already in this batch goes in the next one (both are applied, in order).
        if (batch.has(topic)) break;
        pending.delete(key);
        if (key !== topic) queuedEvents--;
        const value = parseOne(topic, payload);
        if (value !== DROPPED) batch.set(topic, { value, receivedAt });
        if (batch.size >= APPLY_CHUNK) break;
      }
      if (batch.size > 0) applyChunk(batch);
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
      report();
    });
  }

  function flush(): void {
    drain(Number.POSITIVE_INFINITY);
  }

  function push(topic: string, payload: Uint8Array): void {
    counts.received++;
    if (payload.byteLength > maxPayloadBytes) return drop("payloadSize");
    if (!topics.has(topic)) {
      // A new topic: the cap first (a Set and a Map lookup), then its name; held only when both pass.
      if (!topics.admit(topic)) return drop("topicCap");
      if (topicToPath(topic, options.topicLimits) === null) {
        topics.release(topic);
        return drop("topic");
      }
    }
    // Copy: the MQTT client may reuse the packet buffer after the handler returns.
    // A newer message for a topic still queued replaces it in place (keeps its turn in the queue);
    // an event's message is queued after it instead.
    const event = queuedEvents < MAX_QUEUED_EVENTS && isEvent(topic);
    if (event) queuedEvents++;
    pending.set(event ? `\u0000${String(eventSeq++)}` : topic, { topic, payload: payload.slice(), receivedAt: now() });
    scheduleFlush();
  }

  return { push, flush, stats };
}
