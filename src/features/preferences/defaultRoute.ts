/** sessionStorage key marking that the default route was applied in this browser session (spec §4). */
export const DEFAULT_ROUTE_FLAG = "defaultRouteApplied";

/** Routes a default route may point to (spec §2); anything else is ignored. */
export const KNOWN_ROUTES = ["/", "/weather", "/menu", "/switches", "/cameras", "/car-dashboard"] as const;
export type KnownRoute = (typeof KNOWN_ROUTES)[number];

function isKnownRoute(path: string): path is KnownRoute {
  return (KNOWN_ROUTES as readonly string[]).includes(path);
}

/**
 * Once per browser session (flag in sessionStorage, spec §4) returns the preferred default route to
 * navigate to, or null when it was already applied, is unknown, or equals the current path. Marks the
 * flag whenever it is called with usable storage, so a reload in the same tab does not navigate again.
 * Storage failures (private mode) count as "already applied": never navigate in a loop.
 */
export function takeDefaultRoute(defaultRoute: string, currentPath: string, storage: Storage): KnownRoute | null {
  try {
    if (storage.getItem(DEFAULT_ROUTE_FLAG) !== null) return null;
    storage.setItem(DEFAULT_ROUTE_FLAG, "1");
  } catch {
    return null;
  }
  if (!isKnownRoute(defaultRoute) || defaultRoute === currentPath) return null;
  return defaultRoute;
}
