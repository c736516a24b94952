import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { PanelIdSchema } from "../../../contract/panels";
import { currentPanelId, PANEL_ID_KEY } from "./panel-id";

/** A Storage-like map (happy-dom's localStorage would be shared between tests). */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe("this browser's panel id (localStorage panel.id)", () => {
  it("is made once at random as a panel id and then kept", () => {
    const storage = memoryStorage();
    const id = currentPanelId(storage);
    expect(v.is(PanelIdSchema, id)).toBe(true);
    expect(storage.values.get(PANEL_ID_KEY)).toBe(id);
    expect(currentPanelId(storage)).toBe(id);
    expect(currentPanelId(memoryStorage())).not.toBe(id);
  });

  it("replaces a stored value that is not a panel id, and survives blocked storage", () => {
    const storage = memoryStorage({ [PANEL_ID_KEY]: "../__proto__" });
    const id = currentPanelId(storage);
    expect(id).not.toBe("../__proto__");
    expect(v.is(PanelIdSchema, id)).toBe(true);
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    const fallback = currentPanelId(blocked);
    expect(v.is(PanelIdSchema, fallback)).toBe(true);
    expect(currentPanelId(null)).toBe(fallback);
  });
});
