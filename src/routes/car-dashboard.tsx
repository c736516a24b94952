import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CarDashboard } from "../features/car/components/CarDashboard";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /car-dashboard (spec §2): reached by the D button in the car layout. */
function CarDashboardPage() {
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
