import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PtzPreset } from "../../../../contract/camera-controls";
import { useCommandGate } from "../../../platform/commands";
import { cameraClientsAtom } from "../atoms";
import { ptzPresetCommand } from "../commands";
import { fetchPtzPresets } from "../controls-api";
import "./controls.css";

/**
 * A PTZ camera's preset menu ('Zapamiętane pozycje'): the camera's presets as the hub lists them
 * (`GET /controls/ptz/{cameraId}/presets`), loaded when shown; choosing one sends the camera there
 * (`POST …/presets/{presetToken}`, ptzPresetCommand) and the menu returns to 'Przejdź do pozycji…'.
 * Nothing is shown when the camera has no presets or the list cannot be loaded (the pad still
 * works). Disabled while offline or locked.
 */
export function PtzPresets({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const clients = useAtomValue(cameraClientsAtom);
  const go = useSetAtom(ptzPresetCommand);
  const { disabled } = useCommandGate();
  const [presets, setPresets] = useState<PtzPreset[]>([]);
  const id = useId();

  useEffect(() => {
    if (!clients) return;
    let current = true;
    fetchPtzPresets(clients.cameras, cameraId)
      .then((items) => current && setPresets(items))
      .catch(() => current && setPresets([]));
    return () => {
      current = false;
    };
  }, [clients, cameraId]);

  if (presets.length === 0) return null;
  return (
    <div className="ptz-presets">
      <label htmlFor={id}>{t("cameraControls.presets")}</label>
      <select
        id={id}
        className="ptz-presets__select"
        value=""
        disabled={disabled}
        data-testid="ptz-presets"
        onChange={(event) => {
          const token = event.target.value;
          if (token) void go({ id: cameraId, token });
        }}
      >
        <option value="">{t("cameraControls.presetChoose")}</option>
        {presets.map((preset) => (
          <option key={preset.token} value={preset.token}>
            {preset.name}
          </option>
        ))}
      </select>
    </div>
  );
}
