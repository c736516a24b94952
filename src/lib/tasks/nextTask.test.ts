import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./nextTask";

describe("nextTask", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("resumes after the current task: microtasks queued before it run first", async () => {
    const order: string[] = [];
    const waiting = nextTask().then(() => order.push("next task"));
    void Promise.resolve().then(() => order.push("microtask"));
    order.push("sync");
    await waiting;
    expect(order).toEqual(["sync", "microtask", "next task"]);
  });

  it("without scheduler.yield, does not use setTimeout (throttled to 1 s in a hidden tab)", async () => {
    vi.stubGlobal("scheduler", undefined);
    const timeout = vi.spyOn(globalThis, "setTimeout");
    await nextTask();
    expect(timeout).not.toHaveBeenCalled();
  });

  it("uses scheduler.yield where the browser has it", async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledTimes(1);
  });
});
