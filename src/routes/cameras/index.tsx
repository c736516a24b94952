import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../ui/useDocumentTitle";

/** /cameras: no camera support yet in this version; says so. */
function CamerasPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("cameras.title")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("cameras.title")}</h1>
      <p>{t("cameras.none")}</p>
    </section>
  );
}

export const Route = createFileRoute("/cameras/")({ component: CamerasPage });
