import { PV_LOG_MAX_ROWS } from "../../contract/pv";

/** One reading of a PV log: when (epoch ms), the power at that time (W) and the energy meter (kWh, cumulative). */
export interface PvReading {
  timeMs: number;
  powerW: number;
  energyKwh: number;
}

/** A parsed log: its readings in file order and the summary of spec §7 (rows, period, energy, peak). */
export interface ParsedPvLog {
  readings: PvReading[];
  rows: number;
  fromMs: number;
  toMs: number;
  /** Energy produced in the period: last cumulative reading minus the first, kWh (3 decimals). */
  energyKwh: number;
  peakW: number;
}

/** Why a log failed: the 1-based line of the file and what was wrong there (never the line's text). */
export type PvParseResult = { ok: true; log: ParsedPvLog } | { ok: false; line: number; reason: string };

/** Header names accepted for each column (case-insensitive; Polish inverter exports use the second set). */
const COLUMN_NAMES = {
  time: ["timestamp", "time", "czas", "data"],
  power: ["power_w", "power", "moc_w", "moc"],
  energy: ["energy_kwh", "energy", "energia_kwh", "energia"],
} as const;

type Column = keyof typeof COLUMN_NAMES;

/** `YYYY-MM-DDTHH:mm[:ss[.sss]]` with `Z` or `±HH:MM`, or a space instead of `T`; no zone = UTC. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}.${(ms ?? "0").padEnd(3, "0")}${zone ? (zone === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone) : "Z"}`;
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  // Date.parse rolls 2024-02-30 over to March: refuse dates that do not exist.
  const check = new Date(Date.parse(`${y}-${mo}-${d}T00:00:00Z`));
  return check.getUTCDate() === Number(d) && check.getUTCMonth() + 1 === Number(mo) ? time : null;
}

/** A decimal number with `.` (or `,` when the separator is `;`), optional sign; else null. */
function parseNumber(text: string, decimalComma: boolean): number | null {
  const normalized = decimalComma ? text.replace(",", ".") : text;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** Splits one CSV line on `separator`, trimming cells and dropping surrounding double quotes. */
function cells(line: string, separator: string): string[] {
  return line.split(separator).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
}

/**
 * Parses a PV log (format in hub/examples/pv-log.md): a header line naming the columns timestamp,
 * power (W) and energy (kWh, the inverter's cumulative meter) in any order (names in
 * {@link COLUMN_NAMES}, extra columns ignored), then one reading per line. The separator is `;` or
 * `,`, taken from the header (with `;`, numbers may use a decimal comma); every line has as many
 * cells as the header. Blank lines and lines
 * starting with `#` are skipped; a UTF-8 BOM is ignored. Timestamps are ISO-8601 (UTC without a zone)
 * and must increase; power and energy must be numbers ≥ 0 and energy must never decrease. At most
 * {@link PV_LOG_MAX_ROWS} readings. Pure; never throws: a failure names its 1-based line.
 */
export function parsePvCsv(text: string): PvParseResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  let header: { line: number; separator: string; columns: number; index: Record<Column, number> } | null = null;
  const readings: PvReading[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = (lines[i] ?? "").trim();
    if (raw === "" || raw.startsWith("#")) continue;
    if (header === null) {
      const separator = raw.includes(";") ? ";" : ",";
      const names = cells(raw, separator).map((name) => name.toLowerCase());
      const index = {} as Record<Column, number>;
      for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
        const at = names.findIndex((name) => (COLUMN_NAMES[column] as readonly string[]).includes(name));
        if (at < 0)
          return {
            ok: false,
            line: lineNo,
            reason: `header: no ${column} column (expected one of ${COLUMN_NAMES[column].join(", ")})`,
          };
        index[column] = at;
      }
      header = { line: lineNo, separator, columns: names.length, index };
      continue;
    }
    if (readings.length >= PV_LOG_MAX_ROWS)
      return { ok: false, line: lineNo, reason: `more than ${PV_LOG_MAX_ROWS} readings` };
    const { index, separator, columns } = header;
    const row = cells(raw, separator);
    // A decimal comma in a ','-separated file would silently shift the columns: refuse it.
    if (row.length !== columns)
      return { ok: false, line: lineNo, reason: `${row.length} columns, the header has ${columns}` };
    const at = (column: Column) => row[index[column]];
    const timeText = at("time");
    const powerText = at("power");
    const energyText = at("energy");
    if (timeText === undefined || powerText === undefined || energyText === undefined)
      return { ok: false, line: lineNo, reason: "too few columns" };
    const timeMs = parseTimestamp(timeText);
    if (timeMs === null) return { ok: false, line: lineNo, reason: "timestamp: not an ISO-8601 date and time" };
    const decimalComma = separator === ";";
    const powerW = parseNumber(powerText, decimalComma);
    if (powerW === null) return { ok: false, line: lineNo, reason: "power: not a number" };
    if (powerW < 0) return { ok: false, line: lineNo, reason: "power: negative" };
    const energyKwh = parseNumber(energyText, decimalComma);
    if (energyKwh === null) return { ok: false, line: lineNo, reason: "energy: not a number" };
    if (energyKwh < 0) return { ok: false, line: lineNo, reason: "energy: negative" };
    const previous = readings[readings.length - 1];
    if (previous && timeMs <= previous.timeMs)
      return { ok: false, line: lineNo, reason: "timestamp: not after the previous reading" };
    if (previous && energyKwh < previous.energyKwh)
      return { ok: false, line: lineNo, reason: "energy: lower than the previous reading (the meter is cumulative)" };
    readings.push({ timeMs, powerW, energyKwh });
  }
  if (header === null) return { ok: false, line: Math.max(1, lines.length), reason: "no header line" };
  const first = readings[0];
  const last = readings[readings.length - 1];
  if (!first || !last) return { ok: false, line: header.line, reason: "no readings after the header" };
  return {
    ok: true,
    log: {
      readings,
      rows: readings.length,
      fromMs: first.timeMs,
      toMs: last.timeMs,
      energyKwh: Math.round((last.energyKwh - first.energyKwh) * 1000) / 1000,
      peakW: readings.reduce((peak, r) => Math.max(peak, r.powerW), 0),
    },
  };
}
