import { describe, expect, it, vi } from "vitest";
import {
  createIngest,
  MAX_FOREIGN_TOPICS,
  MAX_JSON_DEPTH,
  MAX_LIVE_TOPICS,
  MAX_QUEUED_EVENTS,
  MAX_TOPICS_PER_ROOT,
  type Ingest,
  type LiveValue,
} from "./ingest";

const bytes = (text: string) => new TextEncoder().encode(text);

function setup(options: { maxPayloadBytes?: number } = {}) {
  const frames: Array<() => void> = [];
  const batches: Array<Map<string, LiveValue>> = [];
  let clock = 1_000;
  const ingest = createIngest({
    apply: (batch) => batches.push(batch),
    schedule: (cb) => frames.push(cb),
    now: () => clock,
    // A panel's commands are events (as the panels' live family declares them in the app).
    isEvent: (topic: string) => /^panel\/[^/]+\/command$/.test(topic),
    ...options,
  });
  const runFrame = () => frames.splice(0).forEach((cb) => cb());
  const tick = (ms: number) => (clock += ms);
  /** Every frame until nothing is scheduled: however many the frame budget spreads a drain over on a slow machine. */
  const runFrames = () => {
    while (frames.length > 0) runFrame();
  };
  return { ingest, frames, batches, runFrame, runFrames, tick };
}

describe("createIngest (DESIGN §3-4: one batch per animation frame)", () => {
  it("applies nothing until the frame runs, then everything in one batch", () => {
    const { ingest, frames, batches, runFrame } = setup();
    ingest.push("sensor/temp/balcony", bytes('{"value":1.5,"time":"2026-11-20T12:00:00Z"}'));
    ingest.push("sensor/humid/balcony", bytes('{"value":60,"time":"2026-11-20T12:00:00Z"}'));
    expect(batches).toHaveLength(0);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(batches).toHaveLength(1);
    expect([...(batches[0]?.keys() ?? [])]).toEqual(["sensor/temp/balcony", "sensor/humid/balcony"]);
  });

  it("keeps only the last payload of a topic within a frame", () => {
    const { ingest, batches, runFrame } = setup();
    for (let i = 0; i < 100; i++) ingest.push("sensor/temp/balcony", bytes(`{"value":${i}}`));
    runFrame();
    expect(batches[0]?.size).toBe(1);
    expect(batches[0]?.get("sensor/temp/balcony")?.value).toEqual({ value: 99 });
    expect(ingest.stats()).toMatchObject({ received: 100, applied: 1, dropped: 0 });
  });

  it("applies every message of an event topic (a panel's commands) in order, each in a batch of its own", () => {
    const { ingest, batches, runFrames } = setup();
    ingest.push("panel/p-1/command", bytes('{"id":"a","command":{"type":"navigate"}}'));
    ingest.push("sensor/temp/balcony", bytes('{"value":1}'));
    ingest.push("panel/p-1/command", bytes('{"id":"b","command":{"type":"camera"}}'));
    ingest.push("sensor/temp/balcony", bytes('{"value":2}'));
    ingest.push("panel/p-1/command", bytes('{"id":"c","command":{"type":"notify"}}'));
    expect(ingest.stats().queued).toBe(4);
    runFrames();
    expect(batches.map((batch) => [...batch.entries()].map(([topic, { value }]) => [topic, value]))).toEqual([
      [
        ["panel/p-1/command", { id: "a", command: { type: "navigate" } }],
        ["sensor/temp/balcony", { value: 2 }],
      ],
      [["panel/p-1/command", { id: "b", command: { type: "camera" } }]],
      [["panel/p-1/command", { id: "c", command: { type: "notify" } }]],
    ]);
    expect(ingest.stats()).toMatchObject({ received: 5, applied: 4, queued: 0 });
  });

  it(`queues at most MAX_QUEUED_EVENTS (${String(MAX_QUEUED_EVENTS)}) event messages; past it an event topic keeps its newest, as state`, () => {
    const { ingest, batches, runFrames } = setup();
    for (let i = 0; i < 1000; i++) ingest.push("panel/p-1/command", bytes(`{"id":"${String(i)}"}`));
    expect(ingest.stats().queued).toBe(MAX_QUEUED_EVENTS + 1);
    runFrames();
    const ids = batches.flatMap((batch) => [...batch.values()].map(({ value }) => (value as { id: string }).id));
    expect(ids).toEqual([...Array.from({ length: MAX_QUEUED_EVENTS }, (_, i) => String(i)), "999"]);
    // The queue is free again: the next frame's events are each applied.
    batches.length = 0;
    ingest.push("panel/p-1/command", bytes('{"id":"x"}'));
    ingest.push("panel/p-1/command", bytes('{"id":"y"}'));
    runFrames();
    expect(batches).toHaveLength(2);
  });

  it("parses JSON and keeps anything else as text", () => {
    const { ingest, batches, runFrame } = setup();
    ingest.push("tasmota/tele/balkon/LWT", bytes("Online"));
    ingest.push("doorbell/ring", bytes("1763640000000"));
    ingest.push("power/kitchen/POWER", bytes('{"state":"ON"}'));
    ingest.push("broken/json", bytes('{"state":'));
    runFrame();
    const batch = batches[0];
    expect(batch?.get("tasmota/tele/balkon/LWT")?.value).toBe("Online");
    expect(batch?.get("doorbell/ring")?.value).toBe(1763640000000);
    expect(batch?.get("power/kitchen/POWER")?.value).toEqual({ state: "ON" });
    expect(batch?.get("broken/json")?.value).toBe('{"state":');
  });

  it("stamps each value with its arrival time", () => {
    const { ingest, batches, runFrame, tick } = setup();
    ingest.push("a", bytes("1"));
    tick(250);
    ingest.push("b", bytes("2"));
    runFrame();
    expect(batches[0]?.get("a")?.receivedAt).toBe(1_000);
    expect(batches[0]?.get("b")?.receivedAt).toBe(1_250);
  });

  it("re-applies an identical payload with a new arrival time but the same value object", () => {
    const { ingest, batches, runFrame, tick } = setup();
    ingest.push("sensor/temp/balcony", bytes('{"value":3}'));
    runFrame();
    tick(5_000);
    ingest.push("sensor/temp/balcony", bytes('{"value":3}'));
    runFrame();
    const first = batches[0]?.get("sensor/temp/balcony");
    const second = batches[1]?.get("sensor/temp/balcony");
    expect(second?.receivedAt).toBe(6_000);
    expect(second?.value).toBe(first?.value);
    expect(ingest.stats().unchanged).toBe(1);
  });

  it("drops and counts hostile topics without applying anything", () => {
    const { ingest, batches, frames, runFrame } = setup();
    for (const topic of [
      "__proto__/polluted",
      "sensor/constructor/x",
      "a/prototype",
      "a//b",
      "a/+/b",
      "1/2/3/4/5/6/7/8/9",
    ]) {
      ingest.push(topic, bytes('{"polluted":true}'));
    }
    expect(frames).toHaveLength(0);
    runFrame();
    expect(batches).toHaveLength(0);
    expect(ingest.stats()).toMatchObject({ received: 6, dropped: 6, applied: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("drops and counts a 1 MB payload but keeps the topic's other messages", () => {
    const { ingest, batches, runFrame } = setup();
    ingest.push("camera/state", bytes('{"ok":1}'));
    ingest.push("camera/state", new Uint8Array(1024 * 1024).fill(0x61));
    runFrame();
    expect(batches[0]?.get("camera/state")?.value).toEqual({ ok: 1 });
    expect(ingest.stats()).toMatchObject({ received: 2, dropped: 1, applied: 1 });
  });

  it("accepts a payload of exactly the cap and drops one byte more", () => {
    const { ingest, runFrame } = setup({ maxPayloadBytes: 10 });
    ingest.push("a", new Uint8Array(10).fill(0x31));
    ingest.push("b", new Uint8Array(11).fill(0x31));
    runFrame();
    expect(ingest.stats()).toMatchObject({ applied: 1, dropped: 1 });
  });

  it("does not depend on the caller's buffer after push (the client may reuse it)", () => {
    const { ingest, batches, runFrame } = setup();
    const buffer = bytes('{"v":1}');
    ingest.push("a", buffer);
    buffer.set(bytes('{"v":2}'));
    runFrame();
    expect(batches[0]?.get("a")?.value).toEqual({ v: 1 });
  });

  it("keeps working when apply throws", () => {
    const frames: Array<() => void> = [];
    let calls = 0;
    const ingest = createIngest({
      apply: () => {
        calls++;
        throw new Error("render failed");
      },
      schedule: (cb) => frames.push(cb),
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      ingest.push("a", bytes("1"));
      expect(() => frames.splice(0).forEach((cb) => cb())).not.toThrow();
      ingest.push("a", bytes("2"));
      frames.splice(0).forEach((cb) => cb());
    } finally {
      console.error = original;
    }
    expect(calls).toBe(2);
  });

  it("flush applies at once without waiting for the frame", () => {
    const { ingest, batches } = setup();
    ingest.push("a", bytes("1"));
    ingest.flush();
    expect(batches).toHaveLength(1);
  });

  it("spreads a burst over several frames within the frame budget, oldest first, losing nothing; the last report counts all of it, nothing queued", () => {
    const frames: Array<() => void> = [];
    const applied: string[] = [];
    const reports: Array<{ received: number; applied: number; queued: number }> = [];
    let monotonicMs = 0;
    const ingest = createIngest({
      onStats: ({ received, applied: appliedCount, queued }) =>
        reports.push({ received, applied: appliedCount, queued }),
      // Each applied chunk costs 5 ms of main-thread time on this fake clock.
      apply: (batch) => {
        applied.push(...batch.keys());
        monotonicMs += 5;
      },
      schedule: (cb) => frames.push(cb),
      monotonic: () => monotonicMs,
      frameBudgetMs: 8,
    });
    for (let i = 0; i < 2000; i++) ingest.push(`sensor/temp/bench_${i}`, bytes(`{"value":${i}}`));
    const perFrame: number[] = [];
    while (frames.length > 0) {
      const before = applied.length;
      frames.splice(0).forEach((cb) => cb());
      perFrame.push(applied.length - before);
    }
    // 8 ms budget, 5 ms per chunk of 64: two chunks (128 values) per frame, never the whole burst.
    expect(Math.max(...perFrame)).toBe(128);
    expect(applied).toHaveLength(2000);
    expect(applied[0]).toBe("sensor/temp/bench_0");
    expect(applied[1999]).toBe("sensor/temp/bench_1999");
    expect(ingest.stats()).toMatchObject({ received: 2000, applied: 2000, dropped: 0 });
    // window.__liveStats and the live snapshot's save trigger read these reports: the frames that
    // only drain the queue (nothing new received) must report too.
    // Home waits for `queued` 0 before laying out (live/settled.ts): every earlier report has some queued.
    expect(reports.at(-1)).toEqual({ received: 2000, applied: 2000, queued: 0 });
    expect(reports.slice(0, -1).every((report) => report.queued === 2000 - report.applied)).toBe(true);
    expect(reports).toHaveLength(perFrame.length);
  });
});

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("createIngest: deep JSON", () => {
  it("drops and counts a retained payload nested 32,000 deep without throwing; the topic keeps its previous value", () => {
    const { ingest, batches, runFrame } = setup();
    ingest.push("shellies/x/info", bytes('{"ok":1}'));
    runFrame();
    expect(() => {
      ingest.push("shellies/x/info", bytes(nested(32_000)));
      ingest.push("sensor/temp/balcony", bytes('{"value":1}'));
      runFrame();
    }).not.toThrow();
    expect(batches[1]?.has("shellies/x/info")).toBe(false);
    expect(batches[1]?.get("sensor/temp/balcony")?.value).toEqual({ value: 1 });
    expect(ingest.stats()).toMatchObject({ received: 3, applied: 2, dropped: 1, droppedBy: { depth: 1 } });
  });

  it("accepts JSON nested exactly MAX_JSON_DEPTH (32) levels and drops one level more", () => {
    const { ingest, batches, runFrame } = setup();
    ingest.push("a", bytes(nested(MAX_JSON_DEPTH)));
    ingest.push("b", bytes(`{"x":${nested(MAX_JSON_DEPTH)}}`));
    runFrame();
    expect([...(batches[0]?.keys() ?? [])]).toEqual(["a"]);
    expect(ingest.stats().droppedBy).toMatchObject({ depth: 1 });
  });

  it("gives back the topic's place when its only payload was too deep", () => {
    const { ingest, runFrame } = setup();
    ingest.push("shellies/deep", bytes(nested(100)));
    runFrame();
    expect(ingest.stats().topics).toBe(0);
  });
});

describe("createIngest: the topic cap", () => {
  it("drops a new topic beyond the cap before parsing it, and known topics keep updating", () => {
    const frames: Array<() => void> = [];
    const batches: Array<Map<string, LiveValue>> = [];
    const ingest = createIngest({
      apply: (b) => batches.push(b),
      schedule: (cb) => frames.push(cb),
      topicBudget: { maxTopics: 3 },
    });
    for (const topic of ["sensor/temp/a", "sensor/temp/b", "sensor/temp/c"]) ingest.push(topic, bytes('{"value":1}'));
    const parse = vi.spyOn(JSON, "parse");
    try {
      ingest.push("sensor/temp/d", bytes('{"value":1}'));
      ingest.push("sensor/temp/a", bytes('{"value":2}'));
      frames.splice(0).forEach((cb) => cb());
      // Three parses: the three held topics; the topic over the cap was never parsed.
      expect(parse).toHaveBeenCalledTimes(3);
    } finally {
      parse.mockRestore();
    }
    expect([...(batches[0]?.keys() ?? [])]).toEqual(["sensor/temp/a", "sensor/temp/b", "sensor/temp/c"]);
    expect(batches[0]?.get("sensor/temp/a")?.value).toEqual({ value: 2 });
    expect(ingest.stats()).toMatchObject({ received: 5, dropped: 1, droppedBy: { topicCap: 1 }, topics: 3 });
  });

  /** The 2,000-topic burst of bench/live-ingest.ts: 1,400 sensor, 400 power and 200 tasmota/tele topics. */
  const pushBurst = (ingest: Ingest) => {
    for (let i = 0; i < 2_000; i++) {
      if (i % 10 < 7) ingest.push(`sensor/temp/bench_${i}`, bytes(`{"value":${i}}`));
      else if (i % 10 < 9) ingest.push(`power/bench_${i}/POWER`, bytes('{"state":"ON"}'));
      else ingest.push(`tasmota/tele/bench_${i}/STATE`, bytes('{"POWER":"ON"}'));
    }
  };

  it("holds the 2,000-topic burst and, after 100,000 raw device topics, still takes a new sensor topic", () => {
    const { ingest, batches } = setup();
    pushBurst(ingest);
    for (let i = 0; i < 100_000; i++) ingest.push(`shellies/flood-${i}/relay/0`, bytes('{"ison":true}'));
    ingest.push("sensor/temp/balcony", bytes('{"value":-4.2}'));
    ingest.flush();
    const applied = batches.reduce((sum, b) => sum + b.size, 0);
    expect(applied).toBe(2_000 + MAX_FOREIGN_TOPICS + 1);
    expect(batches.at(-1)?.get("sensor/temp/balcony")?.value).toEqual({ value: -4.2 });
    expect(ingest.stats()).toMatchObject({
      received: 102_001,
      dropped: 100_000 - MAX_FOREIGN_TOPICS,
      droppedBy: { topicCap: 100_000 - MAX_FOREIGN_TOPICS, topic: 0, payloadSize: 0, depth: 0 },
      topics: 2_000 + MAX_FOREIGN_TOPICS + 1,
    });
  });

  it("a flood under one namespace root (100,000 tasmota/tele topics) fills only that root's share", () => {
    const { ingest, batches } = setup();
    for (let i = 0; i < 100_000; i++) ingest.push(`tasmota/tele/flood_${i}/STATE`, bytes('{"POWER":"ON"}'));
    ingest.push("sensor/temp/balcony", bytes('{"value":-4.2}'));
    ingest.push("power/lampa/POWER", bytes('{"state":"ON"}'));
    ingest.flush();
    expect(batches.at(-1)?.get("sensor/temp/balcony")?.value).toEqual({ value: -4.2 });
    expect(batches.at(-1)?.get("power/lampa/POWER")?.value).toEqual({ state: "ON" });
    expect(ingest.stats()).toMatchObject({
      topics: MAX_TOPICS_PER_ROOT + 2,
      droppedBy: { topicCap: 100_000 - MAX_TOPICS_PER_ROOT },
    });
  });

  it("holds at most MAX_LIVE_TOPICS topics in all", () => {
    const { ingest } = setup();
    for (const root of ["sensor", "power", "tasmota", "settings"]) {
      for (let i = 0; i < MAX_TOPICS_PER_ROOT; i++) ingest.push(`${root}/x/p${i}`, bytes("1"));
    }
    ingest.flush();
    expect(ingest.stats()).toMatchObject({
      topics: MAX_LIVE_TOPICS,
      droppedBy: { topicCap: 4 * MAX_TOPICS_PER_ROOT - MAX_LIVE_TOPICS },
    });
  });

  it("counts topics the live state already holds (restored) towards the cap, and keeps them updating", () => {
    const frames: Array<() => void> = [];
    const batches: Array<Map<string, LiveValue>> = [];
    const ingest = createIngest({
      apply: (b) => batches.push(b),
      schedule: (cb) => frames.push(cb),
      topicBudget: { maxTopics: 2 },
      knownTopics: ["sensor/temp/a", "sensor/temp/b", "__proto__/x"],
    });
    ingest.push("sensor/temp/c", bytes("1"));
    ingest.push("sensor/temp/b", bytes("2"));
    frames.splice(0).forEach((cb) => cb());
    expect([...(batches[0]?.keys() ?? [])]).toEqual(["sensor/temp/b"]);
    expect(ingest.stats()).toMatchObject({ topics: 2, droppedBy: { topicCap: 1 } });
  });

  it("reports the counters once per frame, also when every message of the frame was dropped", () => {
    const frames: Array<() => void> = [];
    const reports: number[] = [];
    const ingest = createIngest({
      apply: () => undefined,
      schedule: (cb) => frames.push(cb),
      topicBudget: { maxTopics: 1 },
      onStats: (stats) => reports.push(stats.dropped),
    });
    ingest.push("sensor/temp/a", bytes("1"));
    frames.splice(0).forEach((cb) => cb());
    for (let i = 0; i < 1_000; i++) ingest.push(`sensor/temp/over_${i}`, bytes("1"));
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((cb) => cb());
    frames.splice(0).forEach((cb) => cb());
    expect(reports).toEqual([0, 1_000]);
  });

  it("counts each drop under its reason", () => {
    const { ingest, runFrame } = setup({ maxPayloadBytes: 100 });
    ingest.push("a/__proto__", bytes("1"));
    ingest.push("a", new Uint8Array(101));
    ingest.push("b", bytes(nested(40)));
    runFrame();
    expect(ingest.stats()).toMatchObject({
      dropped: 3,
      droppedBy: { topic: 1, payloadSize: 1, depth: 1, topicCap: 0 },
    });
  });
});
