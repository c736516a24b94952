import { formatNumber, formatTemperature } from "../../../shared/numberFormat";
import { isBinarySensorKind, type SensorKind } from "../../../../contract/sensors";
import { unitOf } from "../units";

const TEMPERATURE_UNIT = "°C";

/** Words a door reading needs, in the current language. */
export type DoorWords = { open: string; closed: string };

/** The kinds detected or not (1 or 0) other than the door: motion, water, smoke. */
export type DetectionKind = "occupancy" | "leak" | "smoke";

/**
 * Words binary readings need, in the current language: the door's, and for motion, water and smoke
 * the word when detected (`on`) and when not (`off`); a kind without words shows its number.
 */
export type ReadingWords = DoorWords & { detected?: Partial<Record<DetectionKind, { on: string; off: string }>> };

/**
 * A reading split for display: the number (or word), its unit ("" for none), whether a space
 * separates them, and whether the reading is a word rather than a number.
 */
export type ReadingParts = { text: string; unit: string; spaced: boolean; word: boolean };

/**
 * The shape a kind's reading takes on a tile, known before its first value so the loading tile is
 * exactly as tall (CLS 0): a door is a word (the smaller word size); pressure is stacked,
 * 'hPa' under the number at every width ('1 007,8 hPa' does not fit one line of a tile, '998,2 hPa'
 * might, so it is stacked always and the tile keeps its height when the pressure crosses 1000 hPa);
 * anything else is a number with its unit beside it (wrapping only when a rare value is too long).
 */
export function readingShape(kind: SensorKind): { word: boolean; stacked: boolean } {
  return { word: isBinarySensorKind(kind), stacked: kind === "pressure" };
}

/**
 * How a reading is written on a tile (UI contract), in parts so the unit can wrap under the number:
 * temperature with one decimal in Norwegian format glued to '°C' ('21,7' + '°C' = '21,7°C', '−3,5°C');
 * a door 'Otwarte' (1) or 'Zamknięte' (0) with no unit, motion 'Ruch' / 'Brak ruchu', a leak 'Zalanie!' /
 * 'Sucho', smoke 'Dym!' / 'Brak dymu' (the words given); anything else with at most one decimal in
 * Norwegian format (comma decimal, no-break space between thousands) and its unit after a space
 * ('55,3 %', '1 008,1 hPa', '12,5 µg/m³').
 */
export function readingParts(kind: SensorKind, value: number, door: ReadingWords): ReadingParts {
  if (kind === "temp") {
    const text = formatTemperature(value, 1);
    return { text: text.slice(0, -TEMPERATURE_UNIT.length), unit: TEMPERATURE_UNIT, spaced: false, word: false };
  }
  if (kind === "door") return { text: value >= 0.5 ? door.open : door.closed, unit: "", spaced: false, word: true };
  if (kind === "occupancy" || kind === "leak" || kind === "smoke") {
    const words = door.detected?.[kind];
    if (words) return { text: value >= 0.5 ? words.on : words.off, unit: "", spaced: false, word: true };
  }
  return {
    text: formatNumber(value, "nb-NO", { maximumFractionDigits: 1 }),
    unit: unitOf(kind),
    spaced: true,
    word: false,
  };
}

/** The reading as one line of text ('21,7°C', '55,3 %', 'Otwarte'): the parts joined as on screen. */
export function readingText(parts: ReadingParts): string {
  if (parts.unit === "") return parts.text;
  return `${parts.text}${parts.spaced ? " " : ""}${parts.unit}`;
}
