import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { DEFAULT_ROUTE_FLAG, takeDefaultRoute } from "./defaultRoute";
import { DEFAULT_PREFERENCES, mergePreferences, PreferencesResponseSchema } from "./schemas";
import { applyZoomLock, viewportContent } from "./zoom";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe("preferences (spec §3, §4)", () => {
  it("merges a partial answer into the current preferences", () => {
    const merged = mergePreferences(DEFAULT_PREFERENCES, { appUi: "car", alerts: false });
    expect(merged).toEqual({ ...DEFAULT_PREFERENCES, appUi: "car", alerts: false });
  });

  it("rejects a preferences answer with a wrong value and drops unknown keys", () => {
    expect(v.safeParse(PreferencesResponseSchema, { item: { appUi: "truck" } }).success).toBe(false);
    const parsed = v.parse(PreferencesResponseSchema, { item: { zoomState: "locked", extra: 1 } });
    expect(parsed.item).toEqual({ zoomState: "locked" });
  });

  it("disables pinch zoom on the viewport meta only while zoom is locked", () => {
    expect(viewportContent("locked")).toContain("user-scalable=no");
    expect(viewportContent("unlocked")).not.toContain("user-scalable");
    applyZoomLock("locked");
    expect(document.getElementById("viewport")?.getAttribute("content")).toContain("maximum-scale=1, user-scalable=no");
    applyZoomLock("unlocked");
    expect(document.getElementById("viewport")?.getAttribute("content")).not.toContain("user-scalable");
  });

  it("applies the default route once per browser session", () => {
    const storage = memoryStorage();
    expect(takeDefaultRoute("/weather", "/", storage)).toBe("/weather");
    expect(storage.getItem(DEFAULT_ROUTE_FLAG)).not.toBeNull();
    expect(takeDefaultRoute("/weather", "/", storage)).toBeNull();
  });

  it("ignores an unknown default route or the one already shown", () => {
    expect(takeDefaultRoute("https://evil.example/", "/", memoryStorage())).toBeNull();
    expect(takeDefaultRoute("/", "/", memoryStorage())).toBeNull();
  });
});
