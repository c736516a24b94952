import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { panelCommandTopic, type PanelCommand } from "../../../contract/panels";
import { createIngest } from "../../lib/mqtt/ingest";
import { applyLiveBatch } from "../../platform/live/apply";
import { isEventTopic } from "../../platform/live/events";
import { followPanelCommands } from "./eachCommand";

const message = (id: string, command: PanelCommand["command"]): PanelCommand => ({ id, at: 1_000, command });
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The live path of a browser: the ingest's frames into the store, as startLive wires them. */
function live() {
  const store = createStore();
  const frames: (() => void)[] = [];
  const ingest = createIngest({
    apply: (batch) => applyLiveBatch(store, batch),
    isEvent: isEventTopic,
    schedule: (cb) => frames.push(cb),
    frameBudgetMs: Number.POSITIVE_INFINITY, // one frame drains all, however slow the machine
  });
  return { store, ingest, runFrame: () => frames.splice(0).forEach((cb) => cb()) };
}

describe("a panel follows its commands", () => {
  it("carries out 'navigate' and 'camera' that reach it within one frame, in order, each once; not another panel's", () => {
    const { store, ingest, runFrame } = live();
    const got: string[] = [];
    const stop = followPanelCommands(store, "p-a", (item) => got.push(`${item.id}:${item.command.type}`));
    const navigate = message("c-1", { type: "navigate", to: "/weather" });
    const camera = message("c-2", { type: "camera", cameraId: "brama", seconds: 5 });
    ingest.push(panelCommandTopic("p-a"), bytes(navigate));
    ingest.push(panelCommandTopic("p-b"), bytes(message("c-3", { type: "reload" })));
    ingest.push(panelCommandTopic("p-a"), bytes(camera));
    ingest.push(panelCommandTopic("p-a"), bytes(camera)); // the broker's QoS 1 re-delivery
    runFrame();
    expect(got).toEqual(["c-1:navigate", "c-2:camera"]);
    stop();
    ingest.push(panelCommandTopic("p-a"), bytes(message("c-4", { type: "lock" })));
    runFrame();
    expect(got).toHaveLength(2);
  });

  it("does not take the command already there when it starts (restored with the live state) for a new one", () => {
    const { store, ingest, runFrame } = live();
    ingest.push(panelCommandTopic("p-a"), bytes(message("old", { type: "reload" })));
    runFrame();
    const got: string[] = [];
    followPanelCommands(store, "p-a", (item) => got.push(item.id));
    ingest.push(panelCommandTopic("p-a"), bytes({ not: "a command" }));
    runFrame();
    ingest.push(panelCommandTopic("p-a"), bytes(message("new", { type: "lock" })));
    runFrame();
    expect(got).toEqual(["new"]);
  });
  it("the panels' command topics are the live channel's event topics, and only they", () => {
    expect(isEventTopic("panel/p-1/command")).toBe(true);
    expect(isEventTopic("panel/p-1/state")).toBe(false);
    expect(isEventTopic("panel/p-1/command/x")).toBe(false);
    expect(isEventTopic("sensor/temp/command")).toBe(false);
  });
});
