import { Lightbulb, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LightFeatures } from "../../../../contract/lights";
import { Tile } from "../../../ui/Tile";
import { useLightControl } from "../useLightControl";
import { brightnessPercent, LightPanel } from "./LightPanel";
import { LightPowerToggle } from "./LightPowerToggle";

/** Props of {@link LightTile}. */
export type LightTileProps = { features: LightFeatures };

/**
 * A light's tile on the home screen: its label (and endpoint), the on/off switch and its
 * brightness, and a button opening the {@link LightPanel} with the sliders. Pending ('Czeka na
 * potwierdzenie…') until `light/<id>` confirms; disabled while offline, locked or unavailable.
 */
export function LightTile({ features }: LightTileProps) {
  const { t } = useTranslation();
  const control = useLightControl(features);
  const [open, setOpen] = useState(false);
  const { live, pending } = control;
  const anyPending = Object.values(pending).some(Boolean);
  const subtitle =
    features.endpoint !== null
      ? t("lights.endpoint", {
          endpoint: features.endpoint,
          count: features.endpoints,
        })
      : undefined;
  const status = !control.available
    ? t("lights.unavailable")
    : live?.state == null
      ? t("lights.unknown")
      : live.state === "ON" && features.brightness && live.brightness !== null
        ? `${t("lights.on")} · ${t("lights.percent", { value: brightnessPercent(live.brightness, features.brightness) })}`
        : live.state === "ON"
          ? t("lights.on")
          : t("lights.off");
  return (
    <div
      className="tile-frame light-tile"
      data-testid={`light-${features.id}`}
      data-pending={anyPending}
      data-state={live?.state ?? "unknown"}
    >
      <Tile
        freshness={live ? "fresh" : "loading"}
        name={features.label}
        icon={<Lightbulb />}
        title={features.label}
        subtitle={subtitle}
        footer={anyPending ? <span role="status">{t("lights.pending")}</span> : <span>{status}</span>}
      >
        <div className="tile-stack light-tile__controls">
          <LightPowerToggle control={control} />
          {(features.brightness || features.white || features.rgb) && (
            <button
              type="button"
              className="button tile-open light-tile__open"
              onClick={() => setOpen(true)}
              aria-label={t("lights.settings", { label: features.label })}
            >
              <SlidersHorizontal aria-hidden="true" />
            </button>
          )}
        </div>
      </Tile>
      <LightPanel features={features} control={control} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
