import { Settings } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Camera } from "../../../../contract/cameras";
import { CameraSettings } from "./CameraSettings";
import "./controls.css";

/**
 * 'Ustawienia kamery': a button named after its camera that opens the camera's settings
 * dialog (CameraSettings), on the live view and on each camera of /cameras.
 */
export function CameraSettingsButton({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button camera-controls__settings"
        aria-label={t("cameraControls.settingsTitle", { label: camera.label })}
        onClick={() => setOpen(true)}
      >
        <Settings size={20} aria-hidden="true" /> {t("cameraControls.settings")}
      </button>
      <CameraSettings camera={camera} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
