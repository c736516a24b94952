import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DevicesScreen } from "../features/devices/components/DevicesScreen";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /devices ('Urządzenia'): every device the hub found, newest first, each opened for its adoption. */
function DevicesPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("devices.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("devices.title")}</h1>
      <p className="muted">{t("devices.intro")}</p>
      <DevicesScreen />
    </section>
  );
}

export const Route = createFileRoute("/devices")({ component: DevicesPage });
