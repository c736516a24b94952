import { describe, expect, it } from "vitest";
import { createRetainedGuard } from "./retainedGuard";

describe("retained copies never undo a live value", () => {
  it("delivers retained copies until a topic has had a live message, then skips them", () => {
    const guard = createRetainedGuard();
    expect(guard.deliver("sensor/temp/balcony", true)).toBe(true);
    expect(guard.deliver("sensor/temp/balcony", false)).toBe(true);
    expect(guard.deliver("sensor/temp/balcony", true)).toBe(false);
    expect(guard.deliver("sensor/temp/outside", true)).toBe(true);
  });

  it("a new connection starts over", () => {
    const guard = createRetainedGuard();
    guard.deliver("sensor/temp/balcony", false);
    guard.reset();
    expect(guard.deliver("sensor/temp/balcony", true)).toBe(true);
  });

  it("remembers a bounded number of live topics", () => {
    const guard = createRetainedGuard(2);
    for (const topic of ["a", "b", "c"]) guard.deliver(topic, false);
    expect(guard.deliver("b", true)).toBe(false);
    expect(guard.deliver("c", true)).toBe(true);
  });
});
