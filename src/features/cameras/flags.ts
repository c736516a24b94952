import { safeLocalStorage } from "../../shared/storage";

/** localStorage key of this browser's feature flags: a comma-separated list, e.g. `mjpeg-old`. */
export const FEATURE_FLAGS_KEY = "dashboard.featureFlags";

/** Whether feature flag `name` is on in this browser (spec §4: `mjpeg-old` selects the legacy MJPEG mode). */
export function isFeatureFlagOn(name: string, storage: Storage | undefined = safeLocalStorage()): boolean {
  try {
    return (storage?.getItem(FEATURE_FLAGS_KEY) ?? "")
      .split(",")
      .map((flag) => flag.trim())
      .includes(name);
  } catch {
    return false;
  }
}
