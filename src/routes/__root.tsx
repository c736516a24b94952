import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useRef } from "react";
import { AutomationNotices } from "../features/automations";
import { DoorbellWatcher } from "../features/cameras";
import { LazyPanelAgent } from "../features/panels";
import { LockedDownGate } from "../platform/kiosk/components/LockedDownGate";
import { PanelScreen } from "../platform/kiosk/components/PanelScreen";
import { appUiAtom } from "../platform/preferences/atoms";
import { usePrefetchLinks } from "../ui/usePrefetchLinks";
import type { RouterContext } from "./-context";
import { NotFound } from "./-components/NotFound";
import { RouteError } from "./-components/RouteError";
import { ScreensaverDetails } from "./-components/ScreensaverDetails";
import { TopBar } from "./-components/TopBar";

/** The GPS alert toasts load after the first screen, in their own chunk. */
const GpsAlerts = lazy(() => import("../features/gps/components/GpsAlerts").then((m) => ({ default: m.GpsAlerts })));

/** The devices' leak and smoke alarms (alert/leak|smoke/<id>), above every screen; their own chunk. */
const DeviceAlarms = lazy(() =>
  import("../features/devices/capabilities/AlarmBanner").then((m) => ({ default: m.AlarmBanner })),
);

/**
 * The logged-in app shell: the devices' alarms above the routed page, the top bar (bottom in standard
 * layout, right in car), automation notices, GPS alerts, the doorbell popup, this browser as a
 * panel (registration, reports, commands from the house), and this panel's screensaver (PanelScreen)
 * and locked-down gate on the menu and settings routes. Every link in it has its route preloaded within 200 px
 * of the viewport (spec §9, usePrefetchLinks).
 */
function Shell() {
  const layout = useAtomValue(appUiAtom);
  const shellRef = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  usePrefetchLinks(shellRef);
  return (
    <div className="shell" data-layout={layout} ref={shellRef}>
      <main className="shell__main">
        <Suspense fallback={null}>
          <DeviceAlarms />
        </Suspense>
        <LockedDownGate pathname={pathname}>
          <Outlet />
        </LockedDownGate>
      </main>
      <TopBar layout={layout} />
      <AutomationNotices />
      <DoorbellWatcher />
      <Suspense fallback={null}>
        <LazyPanelAgent />
      </Suspense>
      <Suspense fallback={null}>
        <GpsAlerts />
      </Suspense>
      <PanelScreen details={<ScreensaverDetails />} />
    </div>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});
