import { formatTemperature } from "../../../shared/numberFormat";
import type { SensorKind } from "../schemas";
import { unitOf } from "../units";

const numberFormat = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 1 });

/** Words a door reading needs, in the current language. */
export type DoorWords = { open: string; closed: string };

/**
 * The text of a reading on a tile (UI contract): temperature with one decimal in Norwegian format
 * ('21,7°C', '−3,5°C'); a door 'Otwarte' (1) or 'Zamknięte' (0); anything else in Norwegian format
 * with at most one decimal and its unit after a space ('55 %', '1013 hPa', '12,5 µg/m³').
 */
export function formatReading(kind: SensorKind, value: number, door: DoorWords): string {
  if (kind === "temp") return formatTemperature(value, 1);
  if (kind === "door") return value >= 0.5 ? door.open : door.closed;
  const unit = unitOf(kind);
  return unit === "" ? numberFormat.format(value) : `${numberFormat.format(value)}\u00a0${unit}`;
}
