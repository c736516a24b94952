import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dayOf, type HistoryItem } from "../../../../contract/history";
import type { Device } from "../../../../contract/devices";
import { createApiClient } from "../../../lib/api/client";
import type { JotaiStore } from "../../../shared/store";
import { createTestStore, renderWithApp } from "../../../test/render";
import { DeviceCapabilities } from "./DeviceCapabilities";
import { DeviceTile } from "./DeviceTile";
import { householdDevice, householdState, publishState, WithTileStrings } from "./testing.test-support";

afterEach(cleanup);

// jsdom draws no canvas (getContext answers null, no Path2D): the chart (uPlot) gets a 2D context and paths that draw nothing.
const getContext = HTMLCanvasElement.prototype.getContext;
const hadPath2D = "Path2D" in globalThis;
beforeAll(() => {
  if (!hadPath2D)
    Object.defineProperty(globalThis, "Path2D", {
      configurable: true,
      value: function Path2D() {
        return new Proxy({}, { get: () => () => undefined });
      },
    });
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) =>
      key in target ? target[key] : key === "measureText" ? () => ({ width: 10 }) : () => undefined,
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as typeof getContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = getContext;
  if (!hadPath2D) Reflect.deleteProperty(globalThis, "Path2D");
});

/** The hub's general base for the chart: answers GET /events/day with `items` and records each asked URL. */
function historyHub(items: HistoryItem[]) {
  const asked: URL[] = [];
  const client = createApiClient({
    baseUrl: "http://localhost/api/v2",
    retry: 0,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      asked.push(url);
      const found = url.pathname.endsWith("/events/day");
      return new Response(JSON.stringify(found ? { items } : { code: "NOT_FOUND", message: "no" }), {
        status: found ? 200 : 404,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, asked };
}

/** Buckets of today as the hub answers them for `device`. */
const buckets = (device: string, values: number[]): HistoryItem[] =>
  values.map((value, index) => ({
    event: "device_value",
    device,
    time: new Date(Date.now() - (values.length - index) * 5 * 60_000).toISOString(),
    value,
    min: value,
    max: value,
  }));

function renderWith(ui: React.ReactNode, device: Device, items: HistoryItem[]) {
  const store: JotaiStore = createTestStore();
  publishState(store, device.id, householdState(device.name));
  const hub = historyHub(items);
  renderWithApp(<WithTileStrings>{ui}</WithTileStrings>, store, { api: { general: hub.client } });
  return { store, asked: hub.asked };
}

describe("a read-only value's history: its name is a button opening its chart of the day", () => {
  it("the balcony's temperature in the detail opens 'Wykres dnia' of device_value of <id>/temperature, with its lowest and highest", async () => {
    const device = householdDevice("Balcony climate");
    const series = "zigbee2mqtt:Balcony climate/temperature";
    const { asked } = renderWith(
      <DeviceCapabilities device={device} label="Balkon" />,
      device,
      buckets(series, [6.5, 7.1, 7.4]),
    );
    const button = screen.getByRole("button", { name: "Historia: Temperatura" });
    expect(within(screen.getByTestId("capability-temperature")).getByText("7,4 °C")).toBeTruthy();
    // Diagnostics are not recorded: the voltage is a value without a chart.
    expect(screen.queryByRole("button", { name: "Historia: Napięcie" })).toBeNull();
    expect(screen.getByRole("button", { name: "Historia: Wilgotność" })).toBeTruthy();

    fireEvent.click(button);
    const dialog = await screen.findByTestId("history-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Wykres dnia: Temperatura, Balkon");
    await waitFor(() => expect(within(dialog).getByTestId("history-max").textContent).toBe("7,4 °C"));
    expect(within(dialog).getByTestId("history-min").textContent).toBe("6,5 °C");
    expect(within(dialog).getByTestId("history-current").textContent).toBe("7,4 °C");
    const query = asked.find((url) => url.pathname.endsWith("/events/day"))?.searchParams;
    expect([query?.get("day"), query?.getAll("event"), query?.getAll("device")]).toEqual([
      dayOf(Date.now()),
      ["device_value"],
      [series],
    ]);

    fireEvent.click(within(dialog).getByRole("button", { name: /Zamknij/ }));
    await waitFor(() => expect(screen.queryByTestId("history-dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Historia: Temperatura" })).toBe(button);
  });

  it("the compact tile's main value (a leak sensor's alarm) is the button; its binary history reads in its own words", async () => {
    const device = householdDevice("Bathroom leak");
    const series = "zigbee2mqtt:Bathroom leak/water_leak";
    renderWith(<DeviceTile device={device} />, device, buckets(series, [0, 0.25, 1]));
    const tile = screen.getByTestId(`device-tile-${device.id}`);
    const button = within(tile).getByRole("button", { name: "Historia: Wyciek wody" });
    // A keyboard user reaches it with Tab and presses it (a native button: Enter and Space click it).
    button.focus();
    expect(document.activeElement).toBe(button);
    act(() => button.click());
    const dialog = await screen.findByTestId("history-dialog");
    await waitFor(() => expect(within(dialog).getByTestId("history-max").textContent).toBe("Wyciek!"));
    expect(within(dialog).getByTestId("history-min").textContent).toBe("Sucho");
    expect(within(dialog).getByTestId("history-current").textContent).toBe("Sucho");
  });

  it("a settable value (the plug's state) stays a switch without a chart; its read-only power meter has one", () => {
    const plug = householdDevice("Kitchen plug");
    renderWith(<DeviceCapabilities device={plug} label="Czajnik" />, plug, []);
    expect(screen.getByRole("switch", { name: "Stan" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Historia: Stan" })).toBeNull();
    // The plug's power meter is read-only and recorded.
    expect(screen.getByRole("button", { name: "Historia: Moc" })).toBeTruthy();
  });
});
