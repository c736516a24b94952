import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GEOLOCATION_OPTIONS, speedAtom, speedKmh } from "./speed";

afterEach(() => vi.unstubAllGlobals());

describe("speed (spec §9)", () => {
  it("converts m/s to km/h with the factor 3.6", () => {
    expect(speedKmh(0)).toBe(0);
    expect(speedKmh(10)).toBe(36);
    expect(speedKmh(13.9)).toBeCloseTo(50.04);
    expect(speedKmh(null)).toBeNull();
    expect(speedKmh(-1)).toBeNull();
    expect(speedKmh(Number.NaN)).toBeNull();
  });

  it("watches with high accuracy, no cached position, 5 s timeout; an error clears the speed; unmount clears the watch", () => {
    let onPosition: PositionCallback = () => undefined;
    let onError: PositionErrorCallback = () => undefined;
    const clearWatch = vi.fn();
    const watchPosition = vi.fn((success: PositionCallback, error: PositionErrorCallback) => {
      onPosition = success;
      onError = error;
      return 7;
    });
    vi.stubGlobal("navigator", { geolocation: { watchPosition, clearWatch } });
    const store = createStore();
    const unsubscribe = store.sub(speedAtom, () => undefined);
    expect(watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), GEOLOCATION_OPTIONS);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 0, timeout: 5000 });
    onPosition({ coords: { speed: 25 } } as GeolocationPosition);
    expect(store.get(speedAtom)).toEqual({ kmh: 90, unavailable: false });
    onError({ code: 3, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    expect(store.get(speedAtom)).toEqual({ kmh: null, unavailable: false });
    unsubscribe();
    expect(clearWatch).toHaveBeenCalledWith(7);
  });
});
