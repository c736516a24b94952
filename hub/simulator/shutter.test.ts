import { afterEach, describe, expect, it, vi } from "vitest";
import type { BrokerLink, MessageHandler } from "../broker/link";
import { startTasmotaShutter, type SimShutter } from "./shutter";

/** A link that records publishes and lets the test deliver commands. */
function fakeLink() {
  const published: { topic: string; payload: string; retain: boolean }[] = [];
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  const link: BrokerLink = {
    description: "fake",
    publish: (topic, payload, options) =>
      void published.push({ topic, payload: payload.toString(), retain: options.retain }),
    subscribe: (filter, handler) => void handlers.push({ filter, handler }),
    publishCommand: async () => undefined,
    close: async () => undefined,
  };
  const command = (topic: string, payload = "") => {
    for (const { filter, handler } of handlers)
      if (topic.startsWith(filter.slice(0, -1))) handler(topic, Buffer.from(payload));
  };
  const reports = () =>
    published
      .filter((p) => p.topic === "stat/garaz/RESULT")
      .map((p) => JSON.parse(p.payload) as Record<string, { Position: number; Direction: number; Target: number }>);
  const last = () => reports().at(-1)?.Shutter1;
  return { link, published, command, reports, last };
}
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };

let shutter: SimShutter | undefined;
afterEach(() => {
  shutter?.stop();
  vi.useRealTimers();
});

describe("simulated Tasmota shutter", () => {
  it("starts closed with LWT Online, opens over 12 steps of stepMs, reports each one and stops at 100", () => {
    vi.useFakeTimers();
    const sim = fakeLink();
    shutter = startTasmotaShutter({ link: sim.link, name: "garaz", stepMs: 500, log });
    expect(sim.published[0]).toEqual({ topic: "tele/garaz/LWT", payload: "Online", retain: true });
    expect(sim.last()).toEqual({ Position: 0, Direction: 0, Target: 0, Tilt: 0 });
    sim.command("cmnd/garaz/ShutterOpen1");
    expect(sim.last()).toMatchObject({ Position: 0, Direction: 1, Target: 100 });
    vi.advanceTimersByTime(3000);
    expect(sim.last()).toMatchObject({ Position: 50, Direction: 1 });
    vi.advanceTimersByTime(3000);
    expect(sim.last()).toEqual({ Position: 100, Direction: 0, Target: 100, Tilt: 0 });
    const count = sim.reports().length;
    vi.advanceTimersByTime(5000);
    expect(sim.reports()).toHaveLength(count); // at rest: quiet
  });

  it("stop mid-way rests there; toggle reverses while moving and starts from an end", () => {
    vi.useFakeTimers();
    const sim = fakeLink();
    shutter = startTasmotaShutter({ link: sim.link, name: "garaz", stepMs: 100, log });
    sim.command("cmnd/garaz/ShutterToggle1"); // closed -> opens
    vi.advanceTimersByTime(400);
    expect(sim.last()).toMatchObject({ Direction: 1, Position: 33 });
    sim.command("cmnd/garaz/ShutterStop1");
    expect(sim.last()).toEqual({ Position: 33, Direction: 0, Target: 33, Tilt: 0 });
    vi.advanceTimersByTime(1000);
    expect(sim.last()).toMatchObject({ Position: 33, Direction: 0 });
    sim.command("cmnd/garaz/ShutterOpen1");
    vi.advanceTimersByTime(200);
    sim.command("cmnd/garaz/ShutterToggle1"); // moving up -> reverses
    expect(sim.last()).toMatchObject({ Direction: -1, Target: 0 });
    vi.advanceTimersByTime(2000);
    expect(sim.last()).toEqual({ Position: 0, Direction: 0, Target: 0, Tilt: 0 });
  });

  it("ShutterLock 1 answers {ShutterLock1:1} and ignores moves until ShutterLock 0", () => {
    vi.useFakeTimers();
    const sim = fakeLink();
    shutter = startTasmotaShutter({ link: sim.link, name: "garaz", stepMs: 100, log });
    sim.command("cmnd/garaz/ShutterLock1", "1");
    expect(sim.reports().at(-1)).toEqual({ ShutterLock1: 1 });
    sim.command("cmnd/garaz/ShutterOpen1");
    vi.advanceTimersByTime(500);
    expect(sim.reports().some((r) => r.Shutter1?.Direction === 1)).toBe(false);
    sim.command("cmnd/garaz/ShutterLock1", "0");
    expect(sim.reports().at(-1)).toEqual({ ShutterLock1: 0 });
    sim.command("cmnd/garaz/ShutterOpen1");
    expect(sim.last()).toMatchObject({ Direction: 1 });
  });
});
