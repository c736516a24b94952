import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { GpsScreen } from "../features/gps";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /gps: the cat tracker: position, distance from home, battery, freshness, the map and its settings. */
function GpsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("gps.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("gps.title")}</h1>
      <p className="muted">{t("gps.intro")}</p>
      <GpsScreen />
    </section>
  );
}

export const Route = createFileRoute("/gps")({ component: GpsPage });
