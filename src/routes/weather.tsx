import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { fetchSensors } from "../features/sensors/api";
import { OutdoorSensors } from "../features/weather/components/OutdoorSensors";
import { CollapsibleSection, WatchdogEditor } from "../features/settings";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /weather: the outdoor sensors for now (the forecast comes in a later issue). */
function WeatherPage() {
  const { t } = useTranslation();
  const { data: sensors } = Route.useLoaderData();
  useDocumentTitle(`${t("weather.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("weather.title")}</h1>
      <OutdoorSensors sensors={sensors} />
      <CollapsibleSection title={t("settings.watchdogHeading")} intro={t("settings.watchdogIntro")} testId="weather-watchdogs">
        <WatchdogEditor sensors={sensors} />
      </CollapsibleSection>
    </section>
  );
}

export const Route = createFileRoute("/weather")({
  loader: ({ context }) => fetchSensors(context.api.general),
  component: WeatherPage,
});
