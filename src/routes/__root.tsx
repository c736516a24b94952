import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { appUiAtom } from "../features/preferences/atoms";
import type { RouterContext } from "./-context";
import { NotFound } from "./-components/NotFound";
import { RouteError } from "./-components/RouteError";
import { TopBar } from "./-components/TopBar";

/** The GPS alert toasts (issue 11) load after the first screen, in their own chunk. */
const GpsAlerts = lazy(() => import("../features/gps/components/GpsAlerts").then((m) => ({ default: m.GpsAlerts })));

/** The logged-in app shell: the routed page and the top bar (bottom in standard layout, right in car). */
function Shell() {
  const layout = useAtomValue(appUiAtom);
  return (
    <div className="shell" data-layout={layout}>
      <main className="shell__main">
        <Outlet />
      </main>
      <TopBar layout={layout} />
      <Suspense fallback={null}>
        <GpsAlerts />
      </Suspense>
    </div>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});
