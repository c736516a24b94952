import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PvScreen } from "../features/pv";
import { useDocumentTitle } from "../ui/useDocumentTitle";

/** /pv: upload a PV log (POST /pv/log), see what was parsed, and the logs uploaded. */
function PvPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("pv.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("pv.title")}</h1>
      <p className="muted">{t("pv.intro")}</p>
      <PvScreen />
    </section>
  );
}

export const Route = createFileRoute("/pv")({ component: PvPage });
