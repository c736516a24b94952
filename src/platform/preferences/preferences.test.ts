import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { createStore } from "jotai";
import { accountAppUiAtom, appUiAtom, deviceAppUiAtom, preferencesAtom } from "./atoms";
import { claimDefaultRoute, DEFAULT_ROUTE_FLAG, routesFor, takeDefaultRoute } from "./defaultRoute";
import { DEVICE_APP_UI_KEY, readDeviceAppUi, writeDeviceAppUi } from "./deviceLayout";
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

  it("applies the default route once per browser session, on its first load", () => {
    const storage = memoryStorage();
    const first = createStore();
    claimDefaultRoute(first, () => storage, "/");
    expect(storage.getItem(DEFAULT_ROUTE_FLAG)).not.toBeNull();
    expect(takeDefaultRoute(first, "/weather", "/")).toBe("/weather");
    expect(takeDefaultRoute(first, "/weather", "/")).toBeNull();
    const reload = createStore();
    claimDefaultRoute(reload, () => storage, "/");
    expect(takeDefaultRoute(reload, "/weather", "/")).toBeNull();
  });

  it("never overrides a route opened by URL after the first load, even while the first load still waits for preferences", () => {
    const storage = memoryStorage();
    const loginLoad = createStore();
    claimDefaultRoute(loginLoad, () => storage, "/");
    // The user logs in and, before the preferences arrive, opens /switches in the same tab: a new load.
    const deepLink = createStore();
    claimDefaultRoute(deepLink, () => storage, "/switches");
    expect(takeDefaultRoute(deepLink, "/", "/switches")).toBeNull();
  });

  it("does not move a user who already navigated away from where the first load opened", () => {
    const store = createStore();
    claimDefaultRoute(store, () => memoryStorage(), "/");
    expect(takeDefaultRoute(store, "/weather", "/switches")).toBeNull();
  });

  it("ignores an unknown default route or the one already shown, and claims nothing without storage", () => {
    const a = createStore();
    claimDefaultRoute(a, () => memoryStorage(), "/");
    expect(takeDefaultRoute(a, "https://evil.example/", "/")).toBeNull();
    const b = createStore();
    claimDefaultRoute(b, () => memoryStorage(), "/");
    expect(takeDefaultRoute(b, "/", "/")).toBeNull();
    const c = createStore();
    claimDefaultRoute(
      c,
      () => {
        throw new DOMException("denied", "SecurityError");
      },
      "/",
    );
    expect(takeDefaultRoute(c, "/weather", "/")).toBeNull();
  });

  it("offers /car-dashboard as a start screen only in the car layout (spec §2)", () => {
    expect(routesFor("standard")).not.toContain("/car-dashboard");
    expect(routesFor("car")).toContain("/car-dashboard");
    expect(routesFor("standard")).toContain("/switches");
  });
});

describe("layout per device (spec §3 appUi stays the account's preference)", () => {
  it("reads only a known layout from this device's storage", () => {
    const storage = memoryStorage();
    expect(readDeviceAppUi(storage)).toBeNull();
    writeDeviceAppUi("car", storage);
    expect(storage.getItem(DEVICE_APP_UI_KEY)).toBe("car");
    expect(readDeviceAppUi(storage)).toBe("car");
    storage.setItem(DEVICE_APP_UI_KEY, "truck");
    expect(readDeviceAppUi(storage)).toBeNull();
    writeDeviceAppUi(null, storage);
    expect(storage.getItem(DEVICE_APP_UI_KEY)).toBeNull();
  });

  it("the layout in effect is the device's choice, else the account's", () => {
    localStorage.removeItem(DEVICE_APP_UI_KEY);
    const store = createStore();
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, appUi: "car" });
    expect(store.get(appUiAtom)).toBe("car");
    store.set(deviceAppUiAtom, "standard");
    expect(store.get(appUiAtom)).toBe("standard");
    expect(store.get(accountAppUiAtom)).toBe("car");
    expect(localStorage.getItem(DEVICE_APP_UI_KEY)).toBe("standard");
    store.set(deviceAppUiAtom, null);
    expect(store.get(appUiAtom)).toBe("car");
    expect(localStorage.getItem(DEVICE_APP_UI_KEY)).toBeNull();
  });

  it("a screen showing the layout picks up the choice stored on this device", () => {
    localStorage.setItem(DEVICE_APP_UI_KEY, "car");
    const store = createStore();
    const unsubscribe = store.sub(appUiAtom, () => undefined); // mounted, as a rendered component does
    expect(store.get(appUiAtom)).toBe("car");
    unsubscribe();
    localStorage.removeItem(DEVICE_APP_UI_KEY);
  });
});
