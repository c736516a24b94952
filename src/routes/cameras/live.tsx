import { createFileRoute, Link, SearchParamError, type ErrorComponentProps } from "@tanstack/react-router";
import { VideoOff } from "lucide-react";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { camerasAtom } from "../../features/cameras/atoms";
import { CameraControls } from "../../features/cameras/components/CameraControls";
import { CameraStatus } from "../../features/cameras/components/CameraStatus";
import { useCameraItemRefresh } from "../../features/cameras/item";
import { LiveView } from "../../features/cameras/components/LiveView";
import { useCamerasFollowConfig } from "../../features/cameras/live";
import { EmptyState } from "../../ui/EmptyState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { RouteError } from "../-components/RouteError";
import { CameraLiveSearchSchema } from "./-search";

/**
 * /cameras/live?id=<camera id> (spec §2, §5): the id is validated by the route; the camera's
 * current item asked of the hub on opening (spec §7 `GET ../v5/cameras/{cameraId}`); headed by its
 * label, its state from the hub ('Brak sygnału od 2 min', CameraStatus), its live view with its
 * controls, then the camera controls (settings, night mode, PTZ, recordings), the camera items following `camera/config`; a camera the household does not have shows 'Nie ma
 * kamery „<id>”.' with a link back to /cameras.
 */
function CameraLivePage() {
  const { t } = useTranslation();
  const { id } = Route.useSearch();
  const cameras = useAtomValue(camerasAtom);
  useCamerasFollowConfig();
  useCameraItemRefresh(id);
  const camera = cameras?.find((candidate) => candidate.id === id);
  useDocumentTitle(`${camera?.label ?? t("cameras.liveTitle")} — ${t("app.titleSuffix")}`);
  if (cameras === null) {
    return (
      <section className="page">
        <h1>{t("cameras.liveTitle")}</h1>
        <p className="muted">{t("app.loading")}</p>
      </section>
    );
  }
  if (camera) {
    return (
      <section className="page">
        <h1>{camera.label}</h1>
        <CameraStatus cameraId={camera.id} />
        <LiveView camera={camera} controls />
        <CameraControls camera={camera} />
        <Link to="/cameras">{t("cameras.backToCameras")}</Link>
      </section>
    );
  }
  return (
    <section className="page">
      <h1>{t("cameras.liveTitle")}</h1>
      <EmptyState icon={<VideoOff size={48} />} title={t("cameras.liveUnknown", { id })} testId="camera-unknown">
        <Link to="/cameras">{t("cameras.backToCameras")}</Link>
      </EmptyState>
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
