import { useTranslation } from "react-i18next";
import type { Sensor } from "../schemas";
import { SensorTile } from "./SensorTile";

/** Props of {@link SensorTiles}. */
export type SensorTilesProps = { sensors: readonly Sensor[] };

/** The grid of sensor tiles, one per configured sensor (the list holds ids; each tile reads its own atom). */
export function SensorTiles({ sensors }: SensorTilesProps) {
  const { t } = useTranslation();
  if (sensors.length === 0) return <p>{t("sensors.none")}</p>;
  return (
    <ul className="tiles">
      {sensors.map((sensor) => (
        <li key={sensor.id}>
          <SensorTile kind={sensor.kind} place={sensor.place} label={sensor.label} />
        </li>
      ))}
    </ul>
  );
}
