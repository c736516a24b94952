import { createFileRoute, SearchParamError, type ErrorComponentProps } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { RouteError } from "../-components/RouteError";
import { CameraLiveSearchSchema } from "./-search";

/** /cameras/live?id=<camera id>: the live view arrives in a later issue; the id is validated now. */
function CameraLivePage() {
  const { t } = useTranslation();
  const { id } = Route.useSearch();
  useDocumentTitle(`${t("cameras.liveTitle")} — ${t("app.titleSuffix")}`);
  return (
    <section className="page">
      <h1>{t("cameras.liveTitle")}</h1>
      <p>{t("cameras.liveComing", { id })}</p>
    </section>
  );
}

/** Error view of a missing or non-string `id` (spec §5): 'Brak wymaganego parametru: id'. */
function CameraLiveError(props: ErrorComponentProps) {
  return props.error instanceof SearchParamError ? <MissingIdError /> : <RouteError {...props} />;
}

function MissingIdError() {
  const { t } = useTranslation();
  return (
    <section className="page" role="alert">
      <h1>{t("cameras.liveTitle")}</h1>
      <p>{t("cameras.missingParam", { name: "id" })}</p>
    </section>
  );
}

export const Route = createFileRoute("/cameras/live")({
  validateSearch: CameraLiveSearchSchema,
  component: CameraLivePage,
  errorComponent: CameraLiveError,
});
