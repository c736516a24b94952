import { formatTemperature } from "../../shared/numberFormat";

/** A temperature °C as the tiles write it ('21,5°C'), or '–' while unknown. */
export function formatCelsius(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : formatTemperature(value, 1);
}
