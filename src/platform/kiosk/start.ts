import { startKioskUpdates, type KioskUpdateOptions } from "./updates";
import { keepScreenAwake } from "./wakeLock";

/**
 * Starts kiosk behaviour (DESIGN.md §5): service worker registration with updates applied
 * only at idle, and the screen wake lock while visible. Call once after the first screen rendered
 * (registration fetches sw.js, which should not compete with the first screen). Returns stop.
 */
export function startKiosk(options: KioskUpdateOptions = {}): () => void {
  const stopUpdates = startKioskUpdates(options);
  const stopWakeLock = keepScreenAwake();
  return () => {
    stopUpdates();
    stopWakeLock();
  };
}
