/**
 * What the sensors feature shares with other features (a feature's components are its
 * own; others import from here). Routes may still compose the feature's components directly.
 */
export { OutdoorMinBox } from "./components/OutdoorMinBox";
export { SensorTiles } from "./components/SensorTiles";
export {
  sensorReadingAtom,
  sensorFreshnessAtom,
  readingAgeOrigin,
  lowestOutdoorAtom,
  type SensorReading,
} from "./atoms";
export { readingParts, readingText, type ReadingWords } from "./components/formatReading";
export { useReadingWords } from "./components/useReadingWords";
export { unitOf } from "./units";
export { OUTDOOR_PLACES } from "./outdoor";
export type { Sensor } from "./schemas";
