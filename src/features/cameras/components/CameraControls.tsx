import { useSetAtom } from "jotai";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { Camera } from "../../../../contract/cameras";
import { ToggleField } from "../../../ui/ToggleField";
import { useCommandGate } from "../../../platform/commands";
import { nightmodeCommand } from "../commands";
import { CameraSettingsButton } from "./CameraSettingsButton";
import { PtzPad } from "./PtzPad";
import { PtzPresets } from "./PtzPresets";
import "./controls.css";

const RecordingsList = lazy(() => import("./RecordingsList"));

/**
 * The camera controls under a live view (spec §6, §7): 'Ustawienia kamery' (opens
 * CameraSettings), the night mode switch (`POST controls/lights/nightmode/{cameraId}`, the item's
 * `nightmode` read back), the PTZ pad and its preset menu (when the camera has presets) when the
 * camera has PTZ, and the camera's recordings (their
 * own lazily loaded chunk). Every control is disabled while offline or locked.
 */
export function CameraControls({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const setNight = useSetAtom(nightmodeCommand);
  const night = useCommandGate({ key: `camera-night:${camera.id}` });
  return (
    <div className="camera-controls">
      <div className="camera-controls__row">
        <CameraSettingsButton camera={camera} />
        {camera.enabled && (
          <ToggleField
            label={t("cameraControls.nightmode")}
            checked={camera.nightmode}
            disabled={night.disabled}
            title={night.reason ?? undefined}
            onChange={(mode) => void setNight({ id: camera.id, mode })}
            stateText={{ on: t("cameraControls.on"), off: t("cameraControls.off") }}
          />
        )}
      </div>
      {camera.ptz === true && camera.enabled && (
        <>
          <PtzPad cameraId={camera.id} />
          <PtzPresets cameraId={camera.id} />
        </>
      )}
      <Suspense fallback={<p className="muted">{t("app.loading")}</p>}>
        <RecordingsList cameraId={camera.id} label={camera.label} />
      </Suspense>
    </div>
  );
}
