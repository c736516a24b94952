/** Air-quality classes (spec §9), from worst to best, and `unknown` when a value is missing. */
export const AIR_QUALITY_CLASSES = ["tragic", "bad", "mid", "clean", "unknown"] as const;
export type AirQualityClass = (typeof AIR_QUALITY_CLASSES)[number];

/** Thresholds of spec §9, µg/m³: a class applies when PM10 or PM2.5 reaches its value. */
export const AIR_QUALITY_THRESHOLDS = [
  { cls: "tragic", pm10: 100, pm25: 50 },
  { cls: "bad", pm10: 50, pm25: 25 },
  { cls: "mid", pm10: 20, pm25: 10 },
] as const satisfies readonly { cls: AirQualityClass; pm10: number; pm25: number }[];

/**
 * The air-quality class of PM2.5 and PM10 readings in µg/m³ (spec §9): tragic if pm10 >= 100 or
 * pm2.5 >= 50; bad if >= 50 or >= 25; mid if >= 20 or >= 10; else clean; unknown when either value
 * is null (or not a finite number).
 */
export function airQualityClass(pm25: number | null, pm10: number | null): AirQualityClass {
  if (pm25 === null || pm10 === null || !Number.isFinite(pm25) || !Number.isFinite(pm10)) return "unknown";
  for (const threshold of AIR_QUALITY_THRESHOLDS) {
    if (pm10 >= threshold.pm10 || pm25 >= threshold.pm25) return threshold.cls;
  }
  return "clean";
}
