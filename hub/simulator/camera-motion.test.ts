import { afterEach, describe, expect, it, vi } from "vitest";
import type { BrokerLink, MessageHandler } from "../broker/link";
import { SIM_MOTION_EVERY_MS, simulatedCameraMotion } from "./camera-motion";

function fakeLink() {
  const handlers = new Map<string, MessageHandler>();
  const link: BrokerLink = {
    description: "fake",
    publish: () => {},
    subscribe: (filter, handler) => void handlers.set(filter, handler),
    publishCommand: async () => {},
    close: async () => {},
  };
  return { link, ring: (at: number) => handlers.get("doorbell/ring")?.("doorbell/ring", Buffer.from(String(at))) };
}

describe("the demo cameras' motion events", () => {
  afterEach(() => vi.useRealTimers());

  it("raises one on a random camera every 2-3 minutes, one on brama at each fresh ring, and one at once on trigger", () => {
    vi.useFakeTimers();
    const { link, ring } = fakeLink();
    const events: string[] = [];
    const motion = simulatedCameraMotion({
      link,
      cameraIds: ["zoom", "brama", "ogrod"],
      onMotion: (id) => events.push(id),
      random: () => 0.99,
    });
    vi.advanceTimersByTime(SIM_MOTION_EVERY_MS.min);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(SIM_MOTION_EVERY_MS.max - SIM_MOTION_EVERY_MS.min);
    expect(events).toEqual(["ogrod"]);
    ring(Date.now() - 60_000); // the retained ring of an earlier run
    ring(Date.now());
    motion.trigger("zoom");
    expect(events).toEqual(["ogrod", "brama", "zoom"]);
    motion.stop();
    vi.advanceTimersByTime(SIM_MOTION_EVERY_MS.max * 3);
    expect(events).toHaveLength(3);
  });
});
