import {
  Battery,
  BatteryFull,
  BatteryLow,
  BatteryMedium,
  BatteryWarning,
  Activity,
  Cable,
  Cloud,
  CloudFog,
  DoorClosed,
  DoorOpen,
  Droplet,
  Droplets,
  Flame,
  FlaskConical,
  Footprints,
  Gauge,
  PersonStanding,
  PlugZap,
  Siren,
  Sun,
  Thermometer,
  Wind,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { SensorKind } from "../schemas";

/** Battery level, %, at or under which a battery counts as low (shown with a warning icon and colour). */
export const LOW_BATTERY_PERCENT = 20;

/** The battery icon for a level in % (null: not known yet): warning at or under 20 %, then low, medium, full. */
export function batteryIcon(percent: number | null): LucideIcon {
  if (percent === null) return Battery;
  if (percent <= LOW_BATTERY_PERCENT) return BatteryWarning;
  if (percent < 50) return BatteryLow;
  if (percent < 85) return BatteryMedium;
  return BatteryFull;
}

/** True for a binary reading of 1 (door open, motion, water, smoke). */
const detected = (value: number | null): boolean => value !== null && value >= 0.5;

/**
 * The lucide icon of a sensor kind (the eye finds a reading without reading): thermometer,
 * droplets (humidity), sun (light), battery by level, door open or closed by the reading (1 open,
 * 0 closed), gauge (pressure), wind (PM2.5 and PM10), footprints or a standing person (motion),
 * a droplet or a siren (leak), fog or a flame (smoke), cloud (CO2), flask (VOC), bolt (power),
 * plug (energy), activity (voltage), cable (current). `value` is the current reading or null.
 */
export function kindIcon(kind: SensorKind, value: number | null): LucideIcon {
  switch (kind) {
    case "temp":
      return Thermometer;
    case "humid":
      return Droplets;
    case "light":
      return Sun;
    case "batt":
      return batteryIcon(value);
    case "door":
      return detected(value) ? DoorOpen : DoorClosed;
    case "pressure":
      return Gauge;
    case "pm25":
    case "pm10":
      return Wind;
    case "occupancy":
      return detected(value) ? PersonStanding : Footprints;
    case "leak":
      return detected(value) ? Siren : Droplet;
    case "smoke":
      return detected(value) ? Flame : CloudFog;
    case "co2":
      return Cloud;
    case "voc":
      return FlaskConical;
    case "watts":
      return Zap;
    case "energy":
      return PlugZap;
    case "voltage":
      return Activity;
    case "current":
      return Cable;
  }
}
