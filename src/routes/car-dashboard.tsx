import { createFileRoute, Navigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { CarDashboard } from "../features/car/components/CarDashboard";
import { settledResourcesAtom } from "../platform/fetching";
import { appUiAtom, deviceAppUiAtom } from "../platform/preferences/atoms";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/**
 * /car-dashboard (spec §2: only in the car layout), reached by the D button. In the standard layout
 * (this device's layout, else the account's `appUi`) it sends the user to / instead, replacing the
 * history entry, so Back does not return to it. A device without its own layout choice decides on
 * the account's preference as the hub answers it in this session (or as cached once that fetch
 * failed), not on a cached copy another device may have changed: until then it shows nothing.
 */
function CarDashboardPage() {
  const layout = useAtomValue(appUiAtom);
  const deviceLayout = useAtomValue(deviceAppUiAtom);
  const accountKnown = useAtomValue(settledResourcesAtom).includes("preferences");
  if (layout === "car") return <CarDashboardScreen />;
  if (deviceLayout === null && !accountKnown) return null;
  return <Navigate to="/" replace />;
}

function CarDashboardScreen() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("car.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("car.title")}</h1>
      <CarDashboard />
    </section>
  );
}

export const Route = createFileRoute("/car-dashboard")({ component: CarDashboardPage });
