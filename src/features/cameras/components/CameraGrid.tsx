import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { CameraOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { snapshotUrl } from "../api";
import { cameraClientsAtom, camerasAtom } from "../atoms";
import { CameraSettingsButton } from "./CameraSettingsButton";
import "./cameras.css";

/**
 * /cameras (spec §2): every camera with a preview (one snapshot, no stream held open) and its label,
 * each a link to `/cameras/live?id=<id>`, and its 'Ustawienia kamery' (issue 12); with no cameras, 'Brak kamer' and how to add one.
 */
export function CameraGrid() {
  const { t } = useTranslation();
  const cameras = useAtomValue(camerasAtom);
  const clients = useAtomValue(cameraClientsAtom);
  if (cameras === null) return <p className="muted">{t("app.loading")}</p>;
  if (cameras.length === 0) return <EmptyState icon={<CameraOff size={48} />} title={t("cameras.none")} hint={t("cameras.noneHint")} testId="cameras-empty" />;
  return (
    <>
      <p className="muted">{t("camera.gridHint")}</p>
      <ul className="camera-grid" data-testid="camera-grid">
        {cameras.map((camera) => (
          <li key={camera.id}>
            <Link to="/cameras/live" search={{ id: camera.id }} className="camera-card" aria-label={t("camera.open", { label: camera.label })}>
              {clients && camera.enabled ? (
                <img className={`camera-card__preview${camera.blackAndWhite ? " camera-live__picture--bw" : ""}`} src={snapshotUrl(clients.cameras, camera.id)} alt={t("camera.preview", { label: camera.label })} loading="lazy" />
              ) : (
                <span className="camera-card__preview" role="img" aria-label={t("camera.disabled")} />
              )}
              <span className="camera-card__label">{camera.label}</span>
            </Link>
            <CameraSettingsButton camera={camera} />
          </li>
        ))}
      </ul>
    </>
  );
}
