import { RouterProvider } from "@tanstack/react-router";
import { use, useEffect } from "react";
import { preferencesAtom } from "../features/preferences/atoms";
import { takeDefaultRoute } from "../features/preferences/defaultRoute";
import type { RouterContext } from "../routes/-context";
import type { AppRouter } from "./router";
import { startSessionData } from "./startup";

/** Props of {@link LoggedInApp}; a `router` still loading suspends (boot.ts). */
export type LoggedInAppProps = { router: AppRouter | Promise<AppRouter>; context: RouterContext };

/**
 * The app while logged in: starts the session's data (preferences, config + live channel, switches)
 * on mount and stops it on unmount (lock, logout), applies the preferred default route once per
 * browser session (spec §4: only on the session's first load, and only while the user is still where that
 * load opened), and renders the router.
 */
export function LoggedInApp({ router: routerOrPromise, context }: LoggedInAppProps) {
  const router = routerOrPromise instanceof Promise ? use(routerOrPromise) : routerOrPromise;
  const { store, api } = context;
  useEffect(() => {
    const stop = startSessionData(store, api, {
      onPreferences: () => {
        const target = takeDefaultRoute(store, store.get(preferencesAtom).defaultRoute, router.state.location.pathname);
        if (target !== null) void router.navigate({ to: target });
      },
      onError: (what, error) => {
        console.warn(`start-up: ${what} failed`, error);
      },
    });
    return stop;
  }, [store, api, router]);
  return <RouterProvider router={router} context={context} />;
}
