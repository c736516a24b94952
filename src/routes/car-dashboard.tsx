import { createFileRoute, Navigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { CarDashboard } from "../features/car/components/CarDashboard";
import { appUiAtom } from "../features/preferences/atoms";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/**
 * /car-dashboard (spec §2: only in the car layout), reached by the D button. In the standard layout
 * (this device's layout, else the account's `appUi`) it sends the user to / instead, replacing the
 * history entry, so Back does not return to it.
 */
function CarDashboardPage() {
  const layout = useAtomValue(appUiAtom);
  if (layout !== "car") return <Navigate to="/" replace />;
  return <CarDashboardScreen />;
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
