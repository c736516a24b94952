import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { energyTopic, type EnergyReading } from "../../../../contract/energy";
import { liveValueAtom } from "../../../platform/live/atoms";
import { createTestStore, renderWithApp } from "../../../test/render";
import { formatKwh, formatWatts } from "../format";
import { SwitchEnergy } from "./SwitchEnergy";

/** The hub's reading of the Sonoff Pow R2's telemetry (tests/fixtures/tasmota/sensor_energy_pow_r2.json). */
const POW_R2: EnergyReading = {
  power: 2635,
  voltage: 227,
  current: 11.661,
  today: 0.954,
  yesterday: 5.34,
  total: 6.294,
  totalStartTime: "2018-11-14T18:39:40",
  apparentPower: 2650,
  reactivePower: 282,
  factor: 0.99,
  time: "2026-11-27T10:00:00.000Z",
};

describe("a switch's power meter", () => {
  it("shows the power drawn now and today's energy in Polish, and a labelled button for the chart of the day", () => {
    const store = createTestStore();
    store.set(liveValueAtom(energyTopic("pralka")), { value: POW_R2, receivedAt: Date.now() });
    renderWithApp(<SwitchEnergy name="pralka" label="Pralka" />, store);
    expect(screen.getByTestId("switch-energy-power-pralka").textContent).toBe(formatWatts(2635, "pl"));
    expect(screen.getByText(`dziś ${formatKwh(0.954, "pl")}`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Wykres dnia: pobór mocy: Pralka" })).toBeTruthy();
  });

  it("follows the next reading, and shows nothing for a switch whose device reports no ENERGY", () => {
    const store = createTestStore();
    renderWithApp(<SwitchEnergy name="lampka" label="Lampka" />, store);
    expect(screen.queryByTestId("switch-energy-lampka")).toBeNull();
    act(() =>
      store.set(liveValueAtom(energyTopic("lampka")), {
        value: { ...POW_R2, power: 4.5, today: 0.054 },
        receivedAt: Date.now(),
      }),
    );
    expect(screen.getByTestId("switch-energy-power-lampka").textContent).toBe(formatWatts(4.5, "pl"));
  });
});

describe("formatWatts, formatKwh", () => {
  it("group thousands as the locale does (Polish from five digits) and keep one decimal under 10 W, two or three decimals of kWh", () => {
    expect(formatWatts(2635, "pl")).toBe("2635 W");
    expect(formatWatts(12635, "pl").replace(/\s/g, " ")).toBe("12 635 W");
    expect(formatWatts(2635, "en")).toBe("2,635 W");
    expect(formatWatts(4.5, "pl")).toBe("4,5 W");
    expect(formatKwh(0.954, "pl")).toBe("0,95 kWh");
    expect(formatKwh(0.054, "en")).toBe("0.054 kWh");
  });
});
