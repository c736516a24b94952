import { RouterProvider } from "@tanstack/react-router";
import { use, useCallback, useLayoutEffect, useRef } from "react";
import { SessionResources } from "../platform/fetching";
import { preferencesAtom } from "../platform/preferences/atoms";
import { takeDefaultRoute } from "../platform/preferences/defaultRoute";
import type { SessionResource } from "../lib/session/resource";
import type { AppContext } from "../routes/-context";
import type { AppRouter } from "./router";
import { SESSION_RESOURCES } from "./sessionResources";
import { CarDashboardProvider, SwitchDetailProvider } from "../platform/slots";
import { FEATURES } from "./features";

/** The parts' details on a switch (src/platform/slots), from the one list of the app's parts. */
const SWITCH_DETAILS = FEATURES.flatMap((part) => (part.switchDetail ? [part.switchDetail] : []));
/** The parts' sections of the car dashboard with their ids (the part's name; src/platform/slots). */
const CAR_SECTIONS = FEATURES.flatMap((part) =>
  part.carDashboard ? [{ id: part.name, Component: part.carDashboard }] : [],
);
import { startSessionData, type SessionData } from "./startup";

/** Props of {@link LoggedInApp}; a `router` still loading suspends (boot.ts). */
export type LoggedInAppProps = { router: AppRouter | Promise<AppRouter>; context: AppContext };

/**
 * The app while logged in: loads the session's resources (SESSION_RESOURCES: preferences, config,
 * switches, cameras) with the data-fetching feature while mounted (from login or unlock to lock or
 * logout), starts the live channel once config is in, applies the preferred default route once per
 * browser session when the preferences are in (spec §4: only on the session's first load, and only
 * while the user is still where that load opened), and renders the router.
 */
export function LoggedInApp({ router: routerOrPromise, context }: LoggedInAppProps) {
  const router = routerOrPromise instanceof Promise ? use(routerOrPromise) : routerOrPromise;
  const { store, api } = context;
  const sessionRef = useRef<SessionData | null>(null);
  // A layout effect, like the loader's: it exists before the first answer can arrive.
  useLayoutEffect(() => {
    const session = startSessionData(store, api.auth, {
      onPreferences: () => {
        const target = takeDefaultRoute(store, store.get(preferencesAtom).defaultRoute, router.state.location.pathname);
        if (target !== null) void router.navigate({ to: target });
      },
    });
    sessionRef.current = session;
    return () => {
      sessionRef.current = null;
      session.stop();
    };
  }, [store, api, router]);
  const handleLoaded = useCallback((resource: SessionResource) => sessionRef.current?.loaded(resource), []);
  const handleError = useCallback(
    (resource: SessionResource, error: unknown) => console.warn(`start-up: ${resource.name} failed`, error),
    [],
  );
  return (
    <>
      <SessionResources resources={SESSION_RESOURCES} api={api} onLoaded={handleLoaded} onError={handleError} />
      <SwitchDetailProvider value={SWITCH_DETAILS}>
        <CarDashboardProvider value={CAR_SECTIONS}>
          <RouterProvider router={router} context={context} />
        </CarDashboardProvider>
      </SwitchDetailProvider>
    </>
  );
}
