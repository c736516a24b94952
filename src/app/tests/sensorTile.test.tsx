import { act, cleanup, screen, within } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveValueAtom } from "../../features/live/atoms";
import { OutdoorMinBox } from "../../features/sensors/components/OutdoorMinBox";
import { SensorTile } from "../../features/sensors/components/SensorTile";
import { createAppStore } from "../store";
import { renderWithApp } from "./helpers";

const T0 = Date.parse("2026-01-15T12:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function publish(store: ReturnType<typeof createAppStore>, topic: string, value: number, atMs = Date.now()) {
  store.set(liveValueAtom(topic), { value: { value, time: new Date(atMs).toISOString() }, receivedAt: atMs });
}

describe("sensor tile (UI contract, spec §9 freshness)", () => {
  it("shows value with unit, 'teraz', then 'Nieaktualne' after 1 min and 'Przestarzałe' after 5 min", () => {
    const store = createAppStore();
    publish(store, "sensor/temp/tile_a", 21.74);
    renderWithApp(<SensorTile kind="temp" place="tile_a" label="Salon" />, store);
    const tile = screen.getByRole("article", { name: "Salon" });
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

  it("shows '—' and stale before any reading", () => {
    renderWithApp(<SensorTile kind="humid" place="tile_none" label="Łazienka" />);
    const tile = screen.getByRole("article", { name: "Łazienka" });
    expect(within(tile).getByTestId("sensor-value").textContent).toBe("—");
    expect(tile.getAttribute("data-freshness")).toBe("stale");
  });

  it("shows a door as 'Otwarte' / 'Zamknięte' and other kinds with their unit", () => {
    const store = createAppStore();
    publish(store, "sensor/door/tile_door", 1);
    publish(store, "sensor/humid/tile_h", 55.25);
    renderWithApp(
      <>
        <SensorTile kind="door" place="tile_door" label="Drzwi" />
        <SensorTile kind="humid" place="tile_h" label="Wilgotność" />
      </>,
      store,
    );
    const door = screen.getByRole("article", { name: "Drzwi" });
    expect(within(door).getByTestId("sensor-value").textContent).toBe("Otwarte");
    act(() => publish(store, "sensor/door/tile_door", 0));
    expect(within(door).getByTestId("sensor-value").textContent).toBe("Zamknięte");
    const humid = screen.getByRole("article", { name: "Wilgotność" });
    expect(within(humid).getByTestId("sensor-value").textContent).toBe("55,3\u00a0%");
  });

  it("re-renders only the tile whose topic received a message", () => {
    const store = createAppStore();
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
    expect(within(screen.getByRole("article", { name: "A" })).getByTestId("sensor-value").textContent).toBe("20,5°C");
  });

  it("shows the lowest recent outdoor temperature with one decimal, or none in the car layout", () => {
    const store = createAppStore();
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
