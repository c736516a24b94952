import { useAtomValue } from "jotai";
import { ChartLine } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { commandEnvAtom } from "../../../platform/commands";
import { localeAtom } from "../../../platform/preferences/atoms";
import type { SwitchDetailProps } from "../../../platform/slots";
import { useModalPresence } from "../../../ui/useModalPresence";
import { LazySeriesHistoryDialog } from "../../history";
import { formatKwh, formatWatts } from "../format";
import { energyReadingAtom } from "../live";
import "./energy.css";

/**
 * A switch's power meter on the switches screen (its `switchDetail`; docs/contract.md "Energy
 * monitoring"): the power drawn now ('2635 W') and today's energy ('dziś 0,95 kWh'), from
 * `device/<switch>/energy`, and a button opening the power's chart of the day (GET /events/day,
 * `energy_power`). Nothing for a switch whose device reports no ENERGY.
 */
export function SwitchEnergy({ name, label }: SwitchDetailProps) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const reading = useAtomValue(energyReadingAtom(name));
  const general = useAtomValue(commandEnvAtom)?.api.general;
  const [shown, setShown] = useState(false);
  const rendered = useModalPresence(shown);
  const formatValue = useCallback((watts: number) => formatWatts(watts, locale), [locale]);
  if (reading === null) return null;
  return (
    <div className="switch-energy" data-testid={`switch-energy-${name}`}>
      <span className="switch-energy__label">{t("energy.reading")}</span>
      <span className="switch-energy__power" data-testid={`switch-energy-power-${name}`}>
        {formatWatts(reading.power, locale)}
      </span>
      {reading.today !== null && (
        <span className="switch-energy__today">{t("energy.today", { energy: formatKwh(reading.today, locale) })}</span>
      )}
      {general && (
        <button
          type="button"
          className="switch-entry__edit"
          aria-label={t("energy.openChart", { label })}
          title={t("energy.openChart", { label })}
          onClick={() => setShown(true)}
        >
          <ChartLine size={18} aria-hidden="true" />
        </button>
      )}
      {general && rendered && (
        <Suspense fallback={null}>
          <LazySeriesHistoryDialog
            series={{
              event: "energy_power",
              device: name,
              kindName: t("energy.power"),
              label,
              formatValue,
              current: reading.power,
            }}
            general={general}
            open={shown}
            onClose={() => setShown(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
