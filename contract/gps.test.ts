import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { GpsTrackerIdSchema, GpsTrackQuerySchema, haversineMeters } from "./gps";

describe("haversineMeters (distance from home)", () => {
  it("is 0 for the same point", () => {
    expect(haversineMeters({ lat: 52.16425, lon: 21.07853 }, { lat: 52.16425, lon: 21.07853 })).toBe(0);
  });

  it("gives one degree of latitude as about 111.2 km", () => {
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
  });

  it("gives Warsaw to Kraków (Palace of Culture to Wawel) as about 252 km", () => {
    const km = haversineMeters({ lat: 52.2318, lon: 21.0059 }, { lat: 50.0541, lon: 19.9354 }) / 1000;
    expect(km).toBeGreaterThan(250);
    expect(km).toBeLessThan(254);
  });

  it("measures a cat 50 m north of home in a garden as 50 m (±0.5 m)", () => {
    const home = { lat: 52.16425, lon: 21.07853 };
    expect(haversineMeters(home, { lat: home.lat + 50 / 111_195, lon: home.lon })).toBeCloseTo(50, 0);
  });

  it("is symmetric and takes the short way across the antimeridian", () => {
    const a = { lat: 10, lon: 179.9 };
    const b = { lat: 10, lon: -179.9 };
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 6);
    expect(haversineMeters(a, b)).toBeLessThan(25_000);
  });

  it("never gives NaN for antipodes", () => {
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });
});

describe("GPS contract", () => {
  it("refuses tracker ids that name the hub's own GPS topics or are not topic-safe", () => {
    expect(v.is(GpsTrackerIdSchema, "mruczek")).toBe(true);
    for (const bad of ["notifications", "alert", "", "Mruczek", "a/b", "__proto__".toUpperCase()])
      expect(v.is(GpsTrackerIdSchema, bad), bad).toBe(false);
  });

  it("reads hours 1..24 from the track query, 6 by default", () => {
    expect(v.parse(GpsTrackQuerySchema, {}).hours).toBe(6);
    expect(v.parse(GpsTrackQuerySchema, { hours: "24" }).hours).toBe(24);
    for (const bad of ["0", "25", "1.5", "-1", "abc"])
      expect(v.is(GpsTrackQuerySchema, { hours: bad }), bad).toBe(false);
  });
});
