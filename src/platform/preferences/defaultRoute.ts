import { atom, type Atom } from "jotai";
import type { JotaiStore } from "../../shared/store";

/** sessionStorage key marking that a load of this browser session took the default route (spec §4). */
export const DEFAULT_ROUTE_FLAG = "defaultRouteApplied";

/** Routes a default route may point to (spec §2); anything else is ignored. */
export const KNOWN_ROUTES = ["/", "/weather", "/menu", "/switches", "/cameras", "/car-dashboard"] as const;
export type KnownRoute = (typeof KNOWN_ROUTES)[number];

/** The i18n key of each known route's name (the start-screen choice, the screen suggestions). */
export const ROUTE_LABEL_KEYS: Record<KnownRoute, string> = {
  "/": "menu.routes.home",
  "/weather": "menu.routes.weather",
  "/menu": "menu.routes.menu",
  "/switches": "menu.routes.switches",
  "/cameras": "menu.routes.cameras",
  "/car-dashboard": "menu.routes.carDashboard",
};

/** Routes that exist only in the car layout (spec §2: /car-dashboard). */
export const CAR_ONLY_ROUTES: readonly KnownRoute[] = ["/car-dashboard"];

/** The routes the start-screen picker offers in `layout` (spec §2: /car-dashboard only in the car layout). */
export function routesFor(layout: "standard" | "car"): readonly KnownRoute[] {
  return layout === "car" ? KNOWN_ROUTES : KNOWN_ROUTES.filter((route) => !CAR_ONLY_ROUTES.includes(route));
}

/** Whether `path` is one of {@link KNOWN_ROUTES}. */
export function isKnownRoute(path: string): path is KnownRoute {
  return (KNOWN_ROUTES as readonly string[]).includes(path);
}

/**
 * This page load's right to apply the default route: `{entryPath}` (the path it was opened at) when it
 * is the first load of the browser session, null otherwise. Written once at boot, read once by
 * {@link takeDefaultRoute}.
 */
export type DefaultRouteClaim = { readonly entryPath: string } | null;

const claimAtom = atom<DefaultRouteClaim>(null);

/** The current load's claim (read-only view, for tests and diagnostics). */
export const defaultRouteClaimAtom: Atom<DefaultRouteClaim> = claimAtom;

/**
 * Called once per page load, at boot, before anything can navigate (spec §4: the default route is
 * applied once per browser session, flag kept in session storage). The first load of the browser
 * session sets the flag and keeps the claim in `store`; every later load (a reload, a deep link typed
 * in the same tab, even while the first load is still waiting for its preferences) gets none.
 * `getStorage` returns sessionStorage; storage failures (private mode, a throwing getter) give no claim: never navigate in a loop.
 */
export function claimDefaultRoute(store: JotaiStore, getStorage: () => Storage, entryPath: string): void {
  let claim: DefaultRouteClaim = null;
  try {
    const storage = getStorage();
    if (storage.getItem(DEFAULT_ROUTE_FLAG) === null) {
      storage.setItem(DEFAULT_ROUTE_FLAG, "1");
      claim = { entryPath };
    }
  } catch {
    claim = null;
  }
  store.set(claimAtom, claim);
}

/**
 * Takes this load's claim (at most once) and returns the preferred default route to navigate to, or
 * null: no claim (not the browser session's first load), the user already moved away from the path
 * the load was opened at, the route is unknown, or it is the one shown.
 */
export function takeDefaultRoute(store: JotaiStore, defaultRoute: string, currentPath: string): KnownRoute | null {
  const claim = store.get(claimAtom);
  if (claim === null) return null;
  store.set(claimAtom, null);
  if (currentPath !== claim.entryPath) return null;
  if (!isKnownRoute(defaultRoute) || defaultRoute === currentPath) return null;
  return defaultRoute;
}
