import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { switchesAtom } from "../atoms";
import { chosenSwitchesAtom, type ChosenSwitchesKey } from "../chosen";
import { SwitchState } from "./SwitchRow";
import { GateReason } from "../../../platform/commands";
import { useSwitchControl } from "./useSwitchControl";
import "./SwitchesList.css";

/** Props of {@link SwitchTile}. */
export type SwitchTileProps = { name: string; relay?: number | undefined; label: string };

/** One chosen switch as a tile: the whole tile is its switch control, named by its label (see useSwitchControl). */
export function SwitchTile({ name, relay, label }: SwitchTileProps) {
  const labelId = useId();
  const { unavailable, pending, stateId, reason, reasonId, buttonProps } = useSwitchControl(name, relay);
  return (
    <li className="switch-tile-item">
      <button
        {...buttonProps}
        className="switch-control switch-tile"
        aria-labelledby={labelId}
        data-testid={`switch-tile-${name}${relay === undefined ? "" : `-${relay}`}`}
      >
        <span className="switch-tile__label" id={labelId}>
          {label}
        </span>
        <SwitchState name={name} relay={relay} pending={pending} unavailable={unavailable} id={stateId} />
        <GateReason id={reasonId} reason={reason} />
      </button>
    </li>
  );
}

/** Props of {@link ChosenSwitches}. */
export type ChosenSwitchesProps = { settingKey: ChosenSwitchesKey };

/**
 * The switches chosen in setting `settingKey` (`dashboardSwitches` on home, `carDashboardSwitches` on
 * the car dashboard; spec §3) as switch tiles, labelled from GET /config/switches ('<label>, przekaźnik
 * n' for one relay). Nothing when the setting is not set or empty.
 */
export function ChosenSwitches({ settingKey }: ChosenSwitchesProps) {
  const chosen = useAtomValue(chosenSwitchesAtom(settingKey));
  const switches = useAtomValue(switchesAtom);
  const { t } = useTranslation();
  if (!chosen || chosen.length === 0) return null;
  const labelOf = (name: string) => switches?.find((item) => item.name === name)?.label ?? name;
  return (
    <section className="chosen-switches" aria-label={t("switches.title")}>
      <ul className="chosen-switches__list">
        {chosen.map((ref) => (
          <SwitchTile
            key={`${ref.name}/${String(ref.relay ?? "")}`}
            name={ref.name}
            relay={ref.relay}
            label={
              ref.relay === undefined
                ? labelOf(ref.name)
                : t("switches.relayLabel", { label: labelOf(ref.name), relay: ref.relay })
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** Home's section of switches (spec §2): the ones chosen in setting `dashboardSwitches`. */
export function HomeSwitches() {
  return <ChosenSwitches settingKey="dashboardSwitches" />;
}
