import { atom } from "jotai";

/** m/s to km/h (spec §9: "Speed conversion factor 3.6"). */
export const SPEED_FACTOR = 3.6;

/**
 * Geolocation watcher options (spec §9: high accuracy, no cached position, 5000 ms timeout).
 */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 5000 };

/**
 * km/h from a GeolocationCoordinates speed in m/s (spec §9: × 3.6); null for a missing, negative or
 * non-finite speed (the device has no fix or cannot tell).
 */
export function speedKmh(metresPerSecond: number | null | undefined): number | null {
  if (
    metresPerSecond === null ||
    metresPerSecond === undefined ||
    !Number.isFinite(metresPerSecond) ||
    metresPerSecond < 0
  )
    return null;
  return metresPerSecond * SPEED_FACTOR;
}

/** The car's speed: km/h, or null with no fix; `unavailable` when the tablet has no geolocation or it was refused. */
export type SpeedState = { kmh: number | null; unavailable: boolean };

const speedBase = atom<SpeedState>({ kmh: null, unavailable: false });
speedBase.onMount = (set) => {
  const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
  if (!geolocation) {
    set({ kmh: null, unavailable: true });
    return undefined;
  }
  const id = geolocation.watchPosition(
    (position) => set({ kmh: speedKmh(position.coords.speed), unavailable: false }),
    (error) => set({ kmh: null, unavailable: error.code === error.PERMISSION_DENIED }), // no fix: clear the speed
    GEOLOCATION_OPTIONS,
  );
  return () => geolocation.clearWatch(id);
};

/**
 * The tablet's speed from the Geolocation API (spec §9): one `watchPosition` with
 * {@link GEOLOCATION_OPTIONS} while anything reads it, cleared when nothing does. Each position
 * sets the speed in km/h ({@link speedKmh}); an error (timeout, no fix, refused) clears it.
 */
export const speedAtom = atom((get) => get(speedBase));
