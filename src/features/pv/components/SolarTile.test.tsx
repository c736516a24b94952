import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ListedDevice } from "../../../../contract/adoption";
import { solarTopic, type SolarReading } from "../../../../contract/pv";
import { liveValueAtom } from "../../../platform/live/atoms";
import { createTestStore, renderWithApp } from "../../../test/render";
import { solarInstallations } from "../live";
import { SolarTile } from "./SolarTile";

const ROOF = { device: "tasmota:pow1", name: "dach", label: "Falownik na dachu", room: undefined };
const reading = (ageMs: number, change: Partial<SolarReading> = {}): SolarReading => ({
  power: 2635,
  today: 0.954,
  total: 6.294,
  time: new Date(Date.now() - ageMs).toISOString(),
  ...change,
});

describe("the live solar tile", () => {
  afterEach(cleanup);
  it("waits for the first reading, then shows the power in kW and today's yield in Polish, fresh", () => {
    const store = createTestStore();
    renderWithApp(<SolarTile installation={ROOF} />, store);
    const tile = screen.getByTestId("solar-dach");
    expect(tile.dataset.freshness).toBe("loading");
    expect(screen.getByText("Ładowanie…")).toBeTruthy();
    act(() => store.set(liveValueAtom(solarTopic("dach")), { value: reading(0), receivedAt: Date.now() }));
    expect(screen.getByTestId("solar-power").textContent).toBe("2,64 kW");
    expect(screen.getByTestId("solar-today").textContent).toBe("dziś 0,954\u00a0kWh");
    expect(tile.dataset.freshness).toBe("fresh");
    expect(tile.getAttribute("aria-label")).toBe("Produkcja PV: Falownik na dachu");
  });

  it("a retained reading 2 minutes old is outdated, 6 minutes old stale; under 1 kW in W; no counter says so", () => {
    const store = createTestStore();
    renderWithApp(<SolarTile installation={ROOF} />, store);
    act(() =>
      store.set(liveValueAtom(solarTopic("dach")), {
        value: reading(120_000, { power: 640, today: null, total: null }),
        receivedAt: Date.now(),
      }),
    );
    expect(screen.getByTestId("solar-dach").dataset.freshness).toBe("outdated");
    expect(screen.getByText("Nieaktualne")).toBeTruthy();
    expect(screen.getByTestId("solar-power").textContent).toBe("640 W");
    expect(screen.getByTestId("solar-today").textContent).toBe("dziś: brak licznika");
    act(() => store.set(liveValueAtom(solarTopic("dach")), { value: reading(360_000), receivedAt: Date.now() }));
    expect(screen.getByTestId("solar-dach").dataset.freshness).toBe("stale");
    expect(screen.getByText("Przestarzałe")).toBeTruthy();
  });
});

describe("solarInstallations", () => {
  const device = (id: string, adoption: ListedDevice["adoption"]): ListedDevice =>
    ({ id, name: id.split(":")[1], adoption }) as ListedDevice;
  it("lists the devices adopted as solar for home or the car, not hidden, one per live name, by label", () => {
    const use = (name: string) => ({ as: "solar" as const, name, power: "ENERGY.Power" });
    const devices = [
      device("tasmota:b", { show: "home", hidden: false, label: "Zachód", use: use("zachod") }),
      device("tasmota:a", { show: "home", hidden: false, label: "Dach", use: use("dach") }),
      device("tasmota:c", { show: "home", hidden: false, label: "Kopia", use: use("dach") }),
      device("tasmota:d", { show: "home", hidden: true, use: use("ukryty") }),
      device("tasmota:e", { show: "car", hidden: false, use: use("auto") }),
      device("tasmota:f", { show: "home", hidden: false, use: { as: "switch", name: "f" } }),
      device("tasmota:g", null),
    ];
    expect(solarInstallations(devices, "home").map((item) => item.name)).toEqual(["dach", "zachod"]);
    expect(solarInstallations(devices, "car").map((item) => item.name)).toEqual(["auto"]);
  });
});
