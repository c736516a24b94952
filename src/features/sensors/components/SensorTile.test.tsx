import { act, cleanup, screen, within } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveValueAtom } from "../../../platform/live/atoms";
import { OutdoorMinBox } from "./OutdoorMinBox";
import { SensorTile } from "./SensorTile";
import { SensorTiles } from "./SensorTiles";
import type { Sensor } from "../schemas";
import { renderWithApp, createTestStore } from "../../../test/render";

const T0 = Date.parse("2026-01-15T12:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function publish(store: ReturnType<typeof createTestStore>, topic: string, value: number, atMs = Date.now()) {
  store.set(liveValueAtom(topic), { value: { value, time: new Date(atMs).toISOString() }, receivedAt: atMs });
}

describe("sensor tile (UI contract, spec §9 freshness)", () => {
  it("shows value with unit, 'teraz', then 'Nieaktualne' after 1 min and 'Przestarzałe' after 5 min", () => {
    const store = createTestStore();
    publish(store, "sensor/temp/tile_a", 21.74);
    renderWithApp(<SensorTile kind="temp" place="tile_a" label="Salon" />, store);
    const tile = screen.getByRole("article", { name: "Temperatura: Salon" });
    expect(tile.getAttribute("data-testid")).toBe("sensor-temp-tile_a");
    expect(within(tile).getByTestId("sensor-value").textContent).toBe("21,7°C");
    expect(within(tile).getByTestId("sensor-age").textContent).toBe("teraz");
    expect(tile.getAttribute("data-freshness")).toBe("fresh");
    expect(within(tile).queryByText("Nieaktualne")).toBeNull();

    act(() => vi.advanceTimersByTime(61_000));
    expect(tile.getAttribute("data-freshness")).toBe("outdated");
    expect(within(tile).getByText("Nieaktualne")).toBeTruthy();
    expect(within(tile).getByTestId("sensor-age").textContent).toBe("minutę temu");

    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(tile.getAttribute("data-freshness")).toBe("stale");
    expect(within(tile).getByText("Przestarzałe")).toBeTruthy();
    expect(within(tile).queryByText("Nieaktualne")).toBeNull();
    expect(within(tile).getByTestId("sensor-age").textContent).toBe("5 minut temu");
  });

  it("is loading, not stale, before its first reading: a skeleton and 'Ładowanie…', no age", () => {
    renderWithApp(<SensorTile kind="humid" place="tile_none" label="Łazienka" />);
    const tile = screen.getByRole("article", { name: "Wilgotność: Łazienka" });
    expect(tile.getAttribute("data-freshness")).toBe("loading");
    expect(within(tile).getByText("Ładowanie…")).toBeTruthy();
    expect(within(tile).getByTestId("sensor-value").textContent).toBe("");
    expect(within(tile).queryByTestId("sensor-age")).toBeNull();
    expect(within(tile).queryByText("Przestarzałe")).toBeNull();
    expect(within(tile).queryByText("—")).toBeNull();
  });

  it("loads in the shape its reading will have (the tile keeps its height): pressure stacked, a door a word", () => {
    const store = createTestStore();
    renderWithApp(
      <>
        <SensorTile kind="pressure" place="tile_p" label="Balkon" />
        <SensorTile kind="door" place="tile_d" label="Wejście" />
        <SensorTile kind="humid" place="tile_h" label="Salon" />
      </>,
      store,
    );
    const valueOf = (name: string) => within(screen.getByRole("article", { name })).getByTestId("sensor-value");
    const shapeOf = (name: string) =>
      [...valueOf(name).classList].filter((c) => c !== "tile__value--loading" && c !== "tile__value--spaced").sort();
    const loading = {
      pressure: shapeOf("Ciśnienie: Balkon"),
      door: shapeOf("Drzwi: Wejście"),
      humid: shapeOf("Wilgotność: Salon"),
    };
    expect(loading.pressure).toContain("tile__value--stacked");
    expect(loading.door).toContain("tile__value--word");
    expect(loading.humid).toEqual(["tile__value", "tile__value--number"]);
    act(() => {
      publish(store, "sensor/pressure/tile_p", 1007.8);
      publish(store, "sensor/door/tile_d", 0);
      publish(store, "sensor/humid/tile_h", 55.3);
    });
    expect(valueOf("Ciśnienie: Balkon").textContent).toBe("1\u00a0007,8 hPa");
    expect({
      pressure: shapeOf("Ciśnienie: Balkon"),
      door: shapeOf("Drzwi: Wejście"),
      humid: shapeOf("Wilgotność: Salon"),
    }).toEqual(loading);
  });

  it("leaves the loading state when the first reading arrives, however old it is", () => {
    const store = createTestStore();
    renderWithApp(<SensorTile kind="temp" place="tile_late" label="Strych" />, store);
    const tile = screen.getByRole("article", { name: "Temperatura: Strych" });
    expect(tile.getAttribute("data-freshness")).toBe("loading");
    act(() => publish(store, "sensor/temp/tile_late", 4, T0 - 10 * 60_000));
    expect(tile.getAttribute("data-freshness")).toBe("stale");
    expect(within(tile).getByTestId("sensor-value").textContent).toBe("4,0°C");
    expect(within(tile).getByText("Przestarzałe")).toBeTruthy();
    expect(within(tile).queryByText("Ładowanie…")).toBeNull();
  });

  it("names the kind in its heading and the label only when it differs from the room", () => {
    const store = createTestStore();
    publish(store, "sensor/temp/tile_tunnel", 3);
    publish(store, "sensor/temp/tile_cellar", 11);
    renderWithApp(
      <>
        <SensorTile kind="temp" place="tile_tunnel" label="Tunel" room="Piwnica" />
        <SensorTile kind="temp" place="tile_cellar" label="Piwnica" room="Piwnica" />
      </>,
      store,
    );
    const tunnel = screen.getByRole("article", { name: "Temperatura: Tunel" });
    expect(within(tunnel).getByRole("heading").textContent).toBe("TemperaturaTunel");
    const cellar = screen.getByRole("article", { name: "Temperatura: Piwnica" });
    expect(within(cellar).getByRole("heading").textContent).toBe("Temperatura");
  });

  it("shows a door as 'Otwarte' / 'Zamknięte' and other kinds with their unit", () => {
    const store = createTestStore();
    publish(store, "sensor/door/tile_door", 1);
    publish(store, "sensor/humid/tile_h", 55.25);
    renderWithApp(
      <>
        <SensorTile kind="door" place="tile_door" label="Wejście" />
        <SensorTile kind="humid" place="tile_h" label="Łazienka" />
      </>,
      store,
    );
    const door = screen.getByRole("article", { name: "Drzwi: Wejście" });
    expect(within(door).getByTestId("sensor-value").textContent).toBe("Otwarte");
    act(() => publish(store, "sensor/door/tile_door", 0));
    expect(within(door).getByTestId("sensor-value").textContent).toBe("Zamknięte");
    const humid = screen.getByRole("article", { name: "Wilgotność: Łazienka" });
    expect(within(humid).getByTestId("sensor-value").textContent).toBe("55,3 %");
  });

  it("shows motion, a leak and smoke as words", () => {
    const store = createTestStore();
    publish(store, "sensor/occupancy/hall", 1);
    publish(store, "sensor/leak/bath", 0);
    publish(store, "sensor/smoke/kitchen", 1);
    renderWithApp(
      <>
        <SensorTile kind="occupancy" place="hall" label="Korytarz" />
        <SensorTile kind="leak" place="bath" label="Łazienka" />
        <SensorTile kind="smoke" place="kitchen" label="Kuchnia" />
      </>,
      store,
    );
    const value = (name: string) =>
      within(screen.getByRole("article", { name })).getByTestId("sensor-value").textContent;
    expect(value("Ruch: Korytarz")).toBe("Ruch");
    expect(value("Zalanie: Łazienka")).toBe("Sucho");
    expect(value("Dym: Kuchnia")).toBe("Dym!");
    act(() => {
      publish(store, "sensor/occupancy/hall", 0);
      publish(store, "sensor/leak/bath", 1);
      publish(store, "sensor/smoke/kitchen", 0);
    });
    expect(value("Ruch: Korytarz")).toBe("Brak ruchu");
    expect(value("Zalanie: Łazienka")).toBe("Zalanie!");
    expect(value("Dym: Kuchnia")).toBe("Brak dymu");
  });

  it("shows CO2, VOC, power, energy, voltage and current with their units", () => {
    const store = createTestStore();
    const readings: [string, number, string, string][] = [
      ["co2", 1250, "CO₂: Salon", "1 250 ppm"],
      ["voc", 87, "LZO: Salon", "87 ppb"],
      ["watts", 2635.4, "Moc: Salon", "2 635,4 W"],
      ["energy", 12.34, "Energia: Salon", "12,3 kWh"],
      ["voltage", 231.2, "Napięcie: Salon", "231,2 V"],
      ["current", 0.42, "Prąd: Salon", "0,4 A"],
    ];
    for (const [kind, reading] of readings) publish(store, `sensor/${kind}/salon`, reading);
    renderWithApp(
      <>
        {readings.map(([kind]) => (
          <SensorTile key={kind} kind={kind as Sensor["kind"]} place="salon" label="Salon" />
        ))}
      </>,
      store,
    );
    for (const [, , name, text] of readings)
      expect(
        within(screen.getByRole("article", { name })).getByTestId("sensor-value").textContent?.replace(/\s/g, " "),
      ).toBe(text);
  });

  it("re-renders only the tile whose topic received a message", () => {
    const store = createTestStore();
    publish(store, "sensor/temp/render_a", 20);
    publish(store, "sensor/temp/render_b", 10);
    const renders = { a: 0, b: 0 };
    renderWithApp(
      <>
        <Profiler id="a" onRender={() => renders.a++}>
          <SensorTile kind="temp" place="render_a" label="A" />
        </Profiler>
        <Profiler id="b" onRender={() => renders.b++}>
          <SensorTile kind="temp" place="render_b" label="B" />
        </Profiler>
      </>,
      store,
    );
    renders.a = 0;
    renders.b = 0;
    act(() => publish(store, "sensor/temp/render_a", 20.5));
    expect(renders.a).toBe(1);
    expect(renders.b).toBe(0);
    expect(
      within(screen.getByRole("article", { name: "Temperatura: A" })).getByTestId("sensor-value").textContent,
    ).toBe("20,5°C");
  });

  it("shows a pressure with its thousands separator and the unit apart, so the unit can wrap under it", () => {
    const store = createTestStore();
    publish(store, "sensor/pressure/tile_p", 1008.14);
    renderWithApp(<SensorTile kind="pressure" place="tile_p" label="Balkon" room="Balkon" />, store);
    const value = within(screen.getByRole("article", { name: "Ciśnienie: Balkon" })).getByTestId("sensor-value");
    expect(value.textContent).toBe("1\u00a0008,1 hPa");
    expect(value.querySelector(".tile__unit")?.textContent).toBe("hPa");
  });

  it("groups the tiles by room with a heading each, batteries small in the heading, the rest under 'Pozostałe'", () => {
    const store = createTestStore();
    publish(store, "sensor/batt/garden", 97);
    const source = { type: "tasmota", device: "d", field: "F.x" } as const;
    const sensors: Sensor[] = [
      { id: "t", kind: "temp", place: "garden", label: "Ogród", room: "Ogród", source },
      { id: "b", kind: "batt", place: "garden", label: "Czujnik w ogrodzie", room: "Ogród", source },
      { id: "d", kind: "door", place: "shed", label: "Szopa", source },
    ];
    renderWithApp(<SensorTiles sensors={sensors} />, store);
    const garden = screen.getByRole("region", { name: "Ogród" });
    expect(within(garden).getByRole("article", { name: "Temperatura: Ogród" })).toBeTruthy();
    const battery = within(garden).getByTestId("sensor-batt-garden");
    expect(battery.closest("article")).toBeNull();
    expect(within(battery).getByTestId("sensor-value").textContent).toBe("97 %");
    expect(battery.textContent).toContain("Bateria: Czujnik w ogrodzie");
    const other = screen.getByRole("region", { name: "Pozostałe" });
    expect(within(other).getByRole("article", { name: "Drzwi: Szopa" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Ogród", "Pozostałe"]);
  });

  it("says how to add sensors when there are none", () => {
    renderWithApp(<SensorTiles sensors={[]} />);
    expect(screen.getByRole("heading", { name: "Brak czujników" })).toBeTruthy();
    expect(screen.getByText(/konfiguracji domu w hubie/)).toBeTruthy();
  });

  it("shows the lowest recent outdoor temperature with one decimal, or none in the car layout", () => {
    const store = createTestStore();
    publish(store, "sensor/temp/balcony", -3.46);
    publish(store, "sensor/temp/outside", 2.1);
    publish(store, "sensor/temp/tunnel", -9, T0 - 31 * 60_000);
    renderWithApp(
      <>
        <OutdoorMinBox fractionDigits={1} />
        <OutdoorMinBox fractionDigits={0} />
      </>,
      store,
    );
    const [standard, car] = screen.getAllByTestId("outdoor-min");
    expect(standard?.getAttribute("aria-label")).toBe("Najniższa temperatura na zewnątrz");
    expect(standard?.textContent).toBe("\u22123,5°C");
    expect(car?.textContent).toBe("\u22123°C");
  });
});
