import { SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PanelDialog } from "../../../ui/PanelDialog";
import { Tile } from "../../../ui/Tile";

/** Props of {@link ClimateTile}. */
export type ClimateTileProps = {
  /** data-testid of the tile's wrapper (`heater-tile`, `ac-tile-<id>`). */
  testId: string;
  /** data-testid of the panel (`heater-panel`, `ac-panel-<id>`). */
  panelTestId: string;
  /** More data attributes of the wrapper (`data-mode`, `data-relay`). */
  data: Record<`data-${string}`, string>;
  /** The device's label: the tile's name and heading, the panel's title. */
  label: string;
  /** A decorative icon (lucide). */
  icon: ReactNode;
  /** The line under the heading (the target, the mode), omitted when undefined. */
  subtitle: string | undefined;
  /** The tile's main value: a TileValue. */
  value: ReactNode;
  /** True while any of the device's commands waits for its confirmation. */
  pending: boolean;
  /** False while the device is unavailable (LWT Offline): 'Niedostępne' on the tile and in the panel. */
  available: boolean;
  /** The footer's text while available and nothing is pending ('' for none). */
  status: string;
  /** The panel's controls (rows of class `panel-dialog__row`), under 'Niedostępne' when the device is unavailable. */
  children: ReactNode;
};

/**
 * The frame of the heater's and an AC unit's tile (spec §3): `<div class="tile-frame climate-tile"
 * data-testid data-pending="true|false" …data>` holding a fresh {@link Tile} with the value and a
 * settings button ('Ustawienia: <label>') that opens the device's panel ({@link PanelDialog});
 * the footer says 'Czeka na potwierdzenie…' while a command is pending, else 'Niedostępne' or `status`.
 */
export function ClimateTile(props: ClimateTileProps) {
  const { testId, panelTestId, data, label, icon, subtitle, value, pending, available, status, children } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="tile-frame climate-tile" data-testid={testId} data-pending={pending} {...data}>
      <Tile
        // Nothing waits for data here: the tile shows what the device last confirmed (an IR unit
        // reports nothing until it is sent a command, and reads 'Brak danych' until then).
        freshness="fresh"
        name={label}
        icon={icon}
        title={label}
        subtitle={subtitle}
        footer={
          pending ? (
            <span role="status">{t("climate.pending")}</span>
          ) : (
            <span>{available ? status : t("climate.unavailable")}</span>
          )
        }
      >
        <div className="tile-stack climate-tile__body">
          {value}
          <button
            type="button"
            className="button tile-open climate-tile__open"
            onClick={() => setOpen(true)}
            aria-label={t("climate.settings", { label })}
          >
            <SlidersHorizontal aria-hidden="true" />
          </button>
        </div>
      </Tile>
      <PanelDialog
        className="climate-panel"
        title={label}
        open={open}
        onClose={() => setOpen(false)}
        closeText={t("climate.close")}
        testId={panelTestId}
      >
        {!available && <p className="climate-panel__unavailable">{t("climate.unavailable")}</p>}
        {children}
      </PanelDialog>
    </div>
  );
}

/** 'Czeka na potwierdzenie…' beside a panel control while its command waits for confirmation; nothing otherwise. */
export function PendingNote({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? (
    <span className="climate-panel__pending" role="status">
      {t("climate.pending")}
    </span>
  ) : null;
}
