import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CameraGrid } from "../../features/cameras/components/CameraGrid";
import { useCamerasFollowConfig } from "../../features/cameras/live";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

/** /cameras (spec §2): every camera with a preview and a link to its live view; with none, 'Brak kamer' and how to add one. */
function CamerasPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("cameras.title")} — ${t("app.titleSuffix")}`);
  useCamerasFollowConfig();
  return (
    <section className="page">
      <h1>{t("cameras.title")}</h1>
      <CameraGrid />
    </section>
  );
}

export const Route = createFileRoute("/cameras/")({ component: CamerasPage });
