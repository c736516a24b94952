import { describe, expect, it } from "vitest";
import { createIngest, type LiveValue } from "./ingest";

const bytes = (text: string) => new TextEncoder().encode(text);

function setup(options: { maxPayloadBytes?: number } = {}) {
  const frames: Array<() => void> = [];
  const batches: Array<Map<string, LiveValue>> = [];
  let clock = 1_000;
  const ingest = createIngest({
    apply: (batch) => batches.push(batch),
    schedule: (cb) => frames.push(cb),
    now: () => clock,
    ...options,
  });
  const runFrame = () => frames.splice(0).forEach((cb) => cb());
  const tick = (ms: number) => (clock += ms);
  return { ingest, frames, batches, runFrame, tick };
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
    for (const topic of ["__proto__/polluted", "sensor/constructor/x", "a/prototype", "a//b", "a/+/b", "1/2/3/4/5/6/7/8/9"]) {
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

  it("spreads a burst over several frames within the frame budget, oldest first, losing nothing", () => {
    const frames: Array<() => void> = [];
    const applied: string[] = [];
    let monotonicMs = 0;
    const ingest = createIngest({
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
  });
});
