import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { CameraOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { snapshotUrl } from "../api";
import { cameraClientsAtom, camerasAtom } from "../atoms";
import { CameraSettingsButton } from "./CameraSettingsButton";
import { SnapshotImage } from "./SnapshotImage";
import { CameraStatus } from "./CameraStatus";
import "./cameras.css";

/**
 * /cameras (spec §2): every camera with a preview (one snapshot, no stream held open) and its label,
 * each a link to `/cameras/live?id=<id>`, and its 'Ustawienia kamery'; with no cameras, 'Brak kamer' and how to add one.
 * A card's link is named by its content, 'Podgląd na żywo: <label>' (the prefix visually hidden; the
 * preview is decorative inside it), so the name holds the visible label (WCAG 2.5.3); a disabled
 * camera's card says 'Kamera wyłączona' in words where its preview would be. Under the label, the
 * camera's state from the hub (CameraStatus: 'Kamera działa', 'Brak sygnału od 2 min', …).
 */
export function CameraGrid() {
  const { t } = useTranslation();
  const cameras = useAtomValue(camerasAtom);
  const clients = useAtomValue(cameraClientsAtom);
  if (cameras === null) return <p className="muted">{t("app.loading")}</p>;
  if (cameras.length === 0)
    return (
      <EmptyState
        icon={<CameraOff size={48} />}
        title={t("cameras.none")}
        hint={t("cameras.noneHint")}
        testId="cameras-empty"
      />
    );
  return (
    <>
      <p className="muted">{t("camera.gridHint")}</p>
      <ul className="camera-grid" data-testid="camera-grid">
        {cameras.map((camera) => (
          <li key={camera.id}>
            <Link to="/cameras/live" search={{ id: camera.id }} className="camera-card">
              <span className="visually-hidden">{t("camera.openPrefix")} </span>
              {clients && camera.enabled ? (
                <SnapshotImage
                  className={`camera-card__preview${camera.blackAndWhite ? " camera-live__picture--bw" : ""}`}
                  url={snapshotUrl(clients.cameras, camera.id)}
                  testId={`camera-preview-${camera.id}`}
                />
              ) : (
                <span
                  className="camera-card__preview camera-card__preview--off"
                  data-testid={`camera-preview-${camera.id}`}
                  aria-hidden="true"
                >
                  {camera.enabled ? null : t("camera.disabled")}
                </span>
              )}
              <span className="camera-card__label">
                {camera.label}
                {camera.enabled ? null : <span className="visually-hidden">, {t("camera.disabled")}</span>}
              </span>
              <CameraStatus cameraId={camera.id} />
            </Link>
            <CameraSettingsButton camera={camera} />
          </li>
        ))}
      </ul>
    </>
  );
}
