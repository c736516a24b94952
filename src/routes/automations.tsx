import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { fetchAutomations } from "../features/automations/api";
import { AutomationsScreen } from "../features/automations/components/AutomationsScreen";
import { fetchSensors } from "../features/sensors/api";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /automations: the hub's automations, listed, run, edited and deleted here (GET /automation, GET /config/sensors). */
function AutomationsPage() {
  const { t } = useTranslation();
  const { automations, sensors } = Route.useLoaderData();
  useDocumentTitle(`${t("automations.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("automations.title")}</h1>
      <p className="muted">{t("automations.intro")}</p>
      <AutomationsScreen loaded={automations} sensors={sensors} />
    </section>
  );
}

export const Route = createFileRoute("/automations")({
  loader: async ({ context }) => {
    const [automations, sensors] = await Promise.all([
      fetchAutomations(context.api.general),
      fetchSensors(context.api.general),
    ]);
    return { automations: automations.data, sensors: sensors.data };
  },
  component: AutomationsPage,
});
