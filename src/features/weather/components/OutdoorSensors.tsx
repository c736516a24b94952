import { useTranslation } from "react-i18next";
import { SensorTiles } from "../../sensors";
import { OUTDOOR_PLACES } from "../../sensors/outdoor";
import type { Sensor } from "../../sensors/schemas";

/** Props of {@link OutdoorSensors}. */
export type OutdoorSensorsProps = { sensors: readonly Sensor[] };

/** True for a sensor at an outdoor place (balcony, outside, tunnel; spec §9). */
export function isOutdoor(sensor: Sensor): boolean {
  return (OUTDOOR_PLACES as readonly string[]).includes(sensor.place);
}

/**
 * The weather page's content for now: the outdoor sensors' tiles (a forecast belongs to a later
 * issue, and the page says so).
 */
export function OutdoorSensors({ sensors }: OutdoorSensorsProps) {
  const { t } = useTranslation();
  const outdoor = sensors.filter(isOutdoor);
  return (
    <>
      <p className="muted">{t("weather.intro")}</p>
      {outdoor.length === 0 ? <p>{t("weather.none")}</p> : <SensorTiles sensors={outdoor} />}
    </>
  );
}
