import { describe, expect, it } from "vitest";
import { PANEL_COMMAND_MAX_AGE_MS, type PanelCommand } from "../../../contract/panels";
import { doneCommands, shouldCarryOut } from "./receive";
import { buildReport, reportKey } from "./report";
import { panelIdOf, PANEL_ID_KEY } from "./identity";

const command = (at: number, id = "c-1"): PanelCommand => ({ id, at, command: { type: "reload" } });

describe("a panel's commands", () => {
  it("carries out a fresh command once; not one older than 30 s by the hub's clock, nor one far in the future", () => {
    const now = 1_000_000;
    expect(shouldCarryOut(command(now - 1000), now, new Set())).toBe(true);
    expect(shouldCarryOut(command(now - PANEL_COMMAND_MAX_AGE_MS), now, new Set())).toBe(true);
    expect(shouldCarryOut(command(now - PANEL_COMMAND_MAX_AGE_MS - 1), now, new Set())).toBe(false);
    expect(shouldCarryOut(command(now + PANEL_COMMAND_MAX_AGE_MS + 1), now, new Set())).toBe(false);
    expect(shouldCarryOut(command(now, "done-1"), now, new Set(["done-1"]))).toBe(false);
  });
});

describe("the commands a tab carried out", () => {
  it("are kept across a reload (the last 20), so a reload command does not run again", () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    };
    const first = doneCommands(storage);
    for (let i = 0; i < 25; i++) first.add(`c-${i}`);
    const reloaded = doneCommands(storage);
    expect(reloaded.ids.has("c-24")).toBe(true);
    expect(reloaded.ids.has("c-4")).toBe(false);
    expect(reloaded.ids.size).toBe(20);
    map.set("panel.doneCommands", "{not json");
    expect(doneCommands(storage).ids.size).toBe(0);
  });
});

describe("a panel's report and id", () => {
  it("reports the screen as an in-app path, the touch time in ISO 8601, no battery where there is none", () => {
    const report = buildReport({
      battery: undefined,
      visible: true,
      screen: "/cameras",
      lastTouchAt: 0,
      screenState: "dim",
    });
    expect(report).toEqual({
      visible: true,
      screen: "/cameras",
      lastTouchAt: "1970-01-01T00:00:00.000Z",
      screenState: "dim",
    });
    // A touch alone does not change what is reported on change.
    expect(reportKey(report)).toBe(reportKey({ ...report, lastTouchAt: "2026-11-27T10:00:00.000Z" }));
  });
  it("keeps one panel id in storage, replacing a value that is not one", () => {
    const map = new Map<string, string>([[PANEL_ID_KEY, "__proto__"]]);
    const storage = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    };
    const id = panelIdOf(storage);
    expect(id).toMatch(/^p-[0-9a-f]{24}$/);
    expect(panelIdOf(storage)).toBe(id);
    expect(panelIdOf(null)).not.toBe(id);
  });
});
