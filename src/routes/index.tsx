import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { appUiAtom } from "../features/preferences/atoms";
import { fetchSensors } from "../features/sensors/api";
import { OutdoorMinBox } from "../features/sensors/components/OutdoorMinBox";
import { SensorTiles } from "../features/sensors/components/SensorTiles";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** Home (/): the lowest outdoor temperature and a tile per configured sensor (GET /config/sensors). */
function HomePage() {
  const { t } = useTranslation();
  const { data: sensors } = Route.useLoaderData();
  const appUi = useAtomValue(appUiAtom);
  useDocumentTitle(t("app.titleSuffix"));
  return (
    <section className="page" aria-labelledby="sensors-heading">
      <OutdoorMinBox fractionDigits={appUi === "car" ? 0 : 1} />
      <h1 id="sensors-heading" className="visually-hidden">
        {t("sensors.heading")}
      </h1>
      <SensorTiles sensors={sensors} />
    </section>
  );
}

export const Route = createFileRoute("/")({
  loader: ({ context }) => fetchSensors(context.api.general),
  component: HomePage,
});
