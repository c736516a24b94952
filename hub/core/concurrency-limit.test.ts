import { describe, expect, it } from "vitest";
import { ConcurrencyLimit } from "./concurrency-limit";
import { HubError } from "./errors";

const refusal = () => new HubError("TOO_MANY_STREAMS", "busy");
/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A job that runs until `finish()` is called; `started` says whether it began. */
function heldJob() {
  let finish: () => void = () => undefined;
  const state = { started: false, finish: () => finish() };
  const job = () => {
    state.started = true;
    return new Promise<string>((resolve) => (finish = () => resolve("done")));
  };
  return { state, job };
}

describe("ConcurrencyLimit", () => {
  it("runs at most perKey jobs of a key and total in all; the next starts when one ends, first come first served", async () => {
    const limit = new ConcurrencyLimit({ perKey: 2, total: 3, waitMs: 5_000, waiting: 10 }, refusal);
    const a1 = heldJob();
    const a2 = heldJob();
    const a3 = heldJob();
    const b1 = heldJob();
    const c1 = heldJob();
    const runs = [
      limit.run("a", a1.job),
      limit.run("a", a2.job),
      limit.run("a", a3.job),
      limit.run("b", b1.job),
      limit.run("c", c1.job),
    ];
    await settle();
    expect([a1.state.started, a2.state.started, a3.state.started, b1.state.started, c1.state.started]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect([limit.active, limit.activeOf("a"), limit.waiting]).toEqual([3, 2, 2]);
    b1.state.finish();
    await runs[3];
    await settle();
    // a3 waited first but "a" is full: c1 takes the free slot.
    expect([a3.state.started, c1.state.started]).toEqual([false, true]);
    a1.state.finish();
    await runs[0];
    await settle();
    expect(a3.state.started).toBe(true);
    for (const held of [a2, a3, c1]) held.state.finish();
    expect(await Promise.all(runs)).toEqual(["done", "done", "done", "done", "done"]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it("refuses a job that waited waitMs, and one beyond `waiting` at once; a refused job never runs", async () => {
    const limit = new ConcurrencyLimit({ perKey: 1, total: 1, waitMs: 100, waiting: 1 }, refusal);
    const first = heldJob();
    const running = limit.run("a", first.job);
    let laterRan = false;
    const at = performance.now();
    const waited = limit.run("a", () => (laterRan = true));
    const beyond = limit.run("b", () => (laterRan = true));
    await expect(beyond).rejects.toMatchObject({ code: "TOO_MANY_STREAMS" });
    await expect(waited).rejects.toMatchObject({ code: "TOO_MANY_STREAMS" });
    expect(performance.now() - at).toBeGreaterThanOrEqual(90);
    first.state.finish();
    await running;
    expect(laterRan).toBe(false);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a job that fails, and acquire's release frees it once", async () => {
    const limit = new ConcurrencyLimit({ perKey: 1, total: 1, waitMs: 100, waiting: 4 }, refusal);
    await expect(
      limit.run("a", () => {
        throw new Error("camera down");
      }),
    ).rejects.toThrow("camera down");
    const release = await limit.acquire("a");
    const other = await limit.acquire("b").catch((error: unknown) => error);
    expect(other).toBeInstanceOf(HubError);
    release();
    release();
    expect(limit.active).toBe(0);
    const next = await limit.acquire("b");
    expect(limit.active).toBe(1);
    next();
  });
});
