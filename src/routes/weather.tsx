import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { fetchSensors } from "../features/sensors/api";
import { OutdoorSensors } from "../features/weather/components/OutdoorSensors";
import { CollapsibleSection, WatchdogEditor } from "../features/settings";
import { useDocumentTitle } from "../ui/useDocumentTitle";
import { useSensorHistory } from "./-components/SensorHistory";

/**
 * /weather (spec §2): the lowest outdoor temperature, the air quality, the outdoor
 * sensors with their freshness, and each sensor's chart of the day.
 */
function WeatherPage() {
  const { t } = useTranslation();
  const { data: sensors } = Route.useLoaderData();
  const { api } = Route.useRouteContext();
  const history = useSensorHistory(api.general);
  useDocumentTitle(`${t("weather.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("weather.title")}</h1>
      <OutdoorSensors sensors={sensors} onOpenHistory={history.open} />
      {history.element}
      <CollapsibleSection
        title={t("settings.watchdogHeading")}
        intro={t("settings.watchdogIntro")}
        testId="weather-watchdogs"
      >
        <WatchdogEditor sensors={sensors} />
      </CollapsibleSection>
    </section>
  );
}

export const Route = createFileRoute("/weather")({
  loader: ({ context }) => fetchSensors(context.api.general),
  component: WeatherPage,
});
