import { createFileRoute } from "@tanstack/react-router";
import { CameraOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/EmptyState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

/** /cameras (spec §2): the household's cameras; with none, 'Brak kamer' and where cameras are added (the hub's household configuration). */
function CamerasPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("cameras.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("cameras.title")}</h1>
      <EmptyState icon={<CameraOff size={48} />} title={t("cameras.none")} hint={t("cameras.noneHint")} testId="cameras-empty" />
    </section>
  );
}

export const Route = createFileRoute("/cameras/")({ component: CamerasPage });
