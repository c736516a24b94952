import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePvCsv } from "./csv";

const sample = readFileSync(new URL("../examples/pv-sample.csv", import.meta.url), "utf8");
const bad = readFileSync(new URL("../../tests/fixtures/pv-bad.csv", import.meta.url), "utf8");

describe("parsePvCsv", () => {
  it("reads the shipped sample: rows, period, energy (last meter reading minus the first) and peak power", () => {
    const result = parsePvCsv(sample);
    if (!result.ok) throw new Error(`line ${result.line}: ${result.reason}`);
    expect(result.log.rows).toBe(61);
    expect(new Date(result.log.fromMs).toISOString()).toBe("2026-06-21T03:00:00.000Z");
    expect(new Date(result.log.toMs).toISOString()).toBe("2026-06-21T18:00:00.000Z");
    expect(result.log.energyKwh).toBe(40.098);
    expect(result.log.peakW).toBe(4200);
  });

  it("accepts , as the separator with decimal points, columns in any order, extra columns, CRLF, a BOM and comments", () => {
    const text =
      "\uFEFF# export\r\nenergy_kwh,Timestamp,temp_c,POWER_W\r\n10.5,2026-06-21 10:00,21,1000\r\n\r\n11.0,2026-06-21 10:30:00,22,1200.5\r\n";
    const result = parsePvCsv(text);
    expect(result).toMatchObject({ ok: true, log: { rows: 2, energyKwh: 0.5, peakW: 1200.5 } });
    if (result.ok) expect(new Date(result.log.fromMs).toISOString()).toBe("2026-06-21T10:00:00.000Z");
  });

  it("accepts ; with decimal commas and Polish column names", () => {
    const result = parsePvCsv("czas;moc;energia\n2026-06-21T10:00:00+02:00;1 000;1\n".replace("1 000", "1000,5"));
    expect(result).toMatchObject({ ok: true, log: { rows: 1, energyKwh: 0, peakW: 1000.5 } });
  });

  it("names the line of the shipped bad log (power 'n/a' on line 5)", () => {
    expect(parsePvCsv(bad)).toEqual({ ok: false, line: 5, reason: "power: not a number" });
  });

  it.each([
    ["no header column for energy", "timestamp;power_w\n2026-06-21T10:00:00Z;1", 1, "header: no energy column"],
    ["a header but no readings", "# only\n\ntimestamp;power;energy\n", 3, "no readings after the header"],
    ["an empty file", "", 1, "no header line"],
    ["a bad timestamp", "timestamp,power,energy\n21.06.2026 10:00,1,1", 2, "timestamp: not an ISO-8601"],
    ["a date that does not exist", "timestamp,power,energy\n2026-02-30T10:00:00Z,1,1", 2, "timestamp: not an ISO-8601"],
    ["too few columns", "timestamp,power,energy\n2026-06-21T10:00:00Z,1", 2, "2 columns, the header has 3"],
    ["a negative power", "timestamp,power,energy\n2026-06-21T10:00:00Z,-5,1", 2, "power: negative"],
    ["energy not a number", "timestamp,power,energy\n2026-06-21T10:00:00Z,5,Infinity", 2, "energy: not a number"],
    [
      "time going backwards",
      "timestamp,power,energy\n2026-06-21T10:00:00Z,5,1\n2026-06-21T09:00:00Z,5,1",
      3,
      "timestamp: not after the previous reading",
    ],
    [
      "the meter going down",
      "timestamp,power,energy\n2026-06-21T10:00:00Z,5,2\n2026-06-21T11:00:00Z,5,1.5",
      3,
      "energy: lower than the previous reading",
    ],
    [
      "a decimal comma with , as the separator",
      "timestamp,power,energy\n2026-06-21T10:00:00Z,5,1\n2026-06-21T11:00:00Z,5,1,5",
      3,
      "4 columns, the header has 3",
    ],
  ])("fails on %s, naming the line", (_name, text, line, reason) => {
    const result = parsePvCsv(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(line);
    if (reason !== null) expect(result.reason).toContain(reason);
  });

  it("refuses more than 50,000 readings, naming the first line over the limit", () => {
    const lines = ["timestamp,power,energy"];
    for (let i = 0; i <= 50_000; i++) lines.push(`${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()},1,${i}`);
    expect(parsePvCsv(lines.join("\n"))).toMatchObject({ ok: false, line: 50_002 });
  });
});
