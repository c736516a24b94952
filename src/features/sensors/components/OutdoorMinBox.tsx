import { useAtomValue } from "jotai";
import { ThermometerSnowflake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatTemperature } from "../../../shared/numberFormat";
import { lowestOutdoorAtom } from "../atoms";

/** Props of {@link OutdoorMinBox}: decimals, 1 in the standard layout and 0 in the car layout (spec §9). */
export type OutdoorMinBoxProps = { fractionDigits: 0 | 1 };

/**
 * The lowest recent outdoor temperature (spec §2, §9): balcony, outside and tunnel within 30 minutes,
 * Norwegian number format with °C ('−3,5°C'); '—' when none is recent. Hidden under 460 px by CSS; the visible caption is CSS
 * content from data-label and the icon is an SVG, so the element's text is the temperature alone.
 * UI contract: data-testid="outdoor-min", aria-label 'Najniższa temperatura na zewnątrz'.
 */
export function OutdoorMinBox({ fractionDigits }: OutdoorMinBoxProps) {
  const lowest = useAtomValue(lowestOutdoorAtom);
  const { t } = useTranslation();
  return (
    <div
      className="outdoor-min"
      data-testid="outdoor-min"
      data-label={t("sensors.outdoorMin")}
      role="group"
      aria-label={t("sensors.outdoorMin")}
    >
      <ThermometerSnowflake className="outdoor-min__icon" aria-hidden="true" />
      <span className="outdoor-min__value">
        {lowest === null ? t("sensors.noReading") : formatTemperature(lowest, fractionDigits)}
      </span>
    </div>
  );
}
