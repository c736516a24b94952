import { useTranslation } from "react-i18next";
import { OUTDOOR_PLACES, OutdoorMinBox, SensorTiles, type Sensor } from "../../sensors";
import { AirQualityTile } from "./AirQualityTile";
import "./weather.css";

/** Props of {@link OutdoorSensors}. */
export type OutdoorSensorsProps = {
  sensors: readonly Sensor[];
  /** Opens a sensor's chart of the day (the route composes the history feature's dialog). */
  onOpenHistory?: ((sensor: Sensor) => void) | undefined;
};

/** True for a sensor at an outdoor place (balcony, outside, tunnel; spec §9). */
export function isOutdoor(sensor: Sensor): boolean {
  return (OUTDOOR_PLACES as readonly string[]).includes(sensor.place);
}

/** The places with a PM2.5 or PM10 sensor, each once with the first such sensor's label, in list order. */
export function airQualityPlaces(sensors: readonly Sensor[]): { place: string; label: string }[] {
  const places = new Map<string, string>();
  for (const sensor of sensors) {
    if ((sensor.kind === "pm25" || sensor.kind === "pm10") && !places.has(sensor.place))
      places.set(sensor.place, sensor.label);
  }
  return [...places].map(([place, label]) => ({ place, label }));
}

/**
 * The weather screen's content: the lowest recent outdoor temperature box (as on the home
 * screen, one decimal), the air quality of each place with PM sensors (spec §9 classes), then the
 * outdoor sensors' tiles (temperature per place, humidity, pressure, light, PM2.5, PM10), each with
 * its freshness and a button opening its chart of the day.
 */
export function OutdoorSensors({ sensors, onOpenHistory }: OutdoorSensorsProps) {
  const { t } = useTranslation();
  const outdoor = sensors.filter(isOutdoor);
  const air = airQualityPlaces(sensors);
  return (
    <>
      <div className="weather__header">
        <p className="muted">{t("weather.intro")}</p>
        <OutdoorMinBox fractionDigits={1} />
      </div>
      {/* The tiles' names are h3: each group gets its h2 (hidden, the page shows the groups plainly) so headings go h1, h2, h3. */}
      {air.length > 0 && (
        <>
          <h2 className="visually-hidden">{t("weather.airQuality")}</h2>
          <ul className="weather__air" aria-label={t("weather.airQuality")}>
            {air.map(({ place, label }) => (
              <li key={place}>
                <AirQualityTile place={place} label={label} />
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="visually-hidden">{t("weather.sensorsHeading")}</h2>
      {outdoor.length === 0 ? (
        <p>{t("weather.none")}</p>
      ) : (
        <SensorTiles sensors={outdoor} onOpenHistory={onOpenHistory} />
      )}
    </>
  );
}
