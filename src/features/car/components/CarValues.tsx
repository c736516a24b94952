import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { formatNumber, formatTemperature } from "../../../shared/numberFormat";
import { formatClockDate } from "../../../platform/clock/format";
import { currentDayAtom } from "../../../platform/clock/day";
import { clockTimeAtom } from "../../../platform/clock/labels";
import { lowestOutdoorAtom } from "../../sensors";
import { speedAtom } from "../speed";

/**
 * The three values a driver reads at arm's length: speed in km/h from the tablet's
 * geolocation ('—' and 'Brak sygnału GPS' with no fix), the lowest outdoor temperature with no
 * decimals (spec §9), and the time (ticking every second from the app clock) with the date (checked
 * every 5 s). Each value is a labelled group; the number is the largest thing on the screen.
 */
export function CarValues() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const speed = useAtomValue(speedAtom);
  const lowest = useAtomValue(lowestOutdoorAtom);
  const time = useAtomValue(clockTimeAtom(locale));
  const day = useAtomValue(currentDayAtom);
  const [year, month, date] = day.split("-").map(Number);
  const dateLabel = formatClockDate(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12).getTime(), locale);
  return (
    <div className="car-values">
      <section className="car-value" aria-label={t("car.speed")} data-testid="car-speed">
        <p className="car-value__name">{t("car.speed")}</p>
        <p className="car-value__main">
          <span className="car-value__number">
            {speed.kmh === null ? "—" : formatNumber(speed.kmh, "nb-NO", { maximumFractionDigits: 0 })}
          </span>
          <span className="car-value__unit">km/h</span>
        </p>
        {speed.kmh === null && (
          <p className="car-value__note">{speed.unavailable ? t("car.noGeolocation") : t("car.noFix")}</p>
        )}
      </section>
      <section className="car-value" aria-label={t("car.outdoor")} data-testid="car-outdoor">
        <p className="car-value__name">{t("car.outdoor")}</p>
        <p className="car-value__main">
          <span className="car-value__number">{lowest === null ? "—" : formatTemperature(lowest, 0)}</span>
        </p>
      </section>
      <section className="car-value" aria-label={t("car.time")} data-testid="car-time">
        <p className="car-value__name">{dateLabel}</p>
        <p className="car-value__main">
          <span className="car-value__number">{time}</span>
        </p>
      </section>
    </div>
  );
}
