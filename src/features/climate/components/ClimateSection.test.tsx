import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AcStatePayload, HeaterStatePayload } from "../../../../contract/climate";
import type { Sensor } from "../../../../contract/sensors";
import { createTestStore, fakeClient, renderWithApp, type Canned, type Recorded } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { liveChildrenAtom, liveValueAtom } from "../../../platform/live/atoms";
import { serverReachableAtom } from "../../../platform/offline/atoms";
import { ClimateSection } from "./ClimateSection";

afterEach(cleanup);

const SENSORS: Sensor[] = [
  {
    id: "salon-temp",
    kind: "temp",
    place: "living_room",
    label: "Salon",
    room: "Salon",
    source: { type: "zigbee2mqtt", device: "salon", property: "temperature" },
  },
  {
    id: "salon-humid",
    kind: "humid",
    place: "living_room",
    label: "Salon wilgotność",
    room: "Salon",
    source: { type: "zigbee2mqtt", device: "salon", property: "humidity" },
  },
  {
    id: "balkon-temp",
    kind: "temp",
    place: "balcony",
    label: "Balkon",
    room: "Balkon",
    source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
  },
];
const HEATER: HeaterStatePayload = {
  label: "Ogrzewanie",
  room: "Salon",
  device: "grzejnik",
  mode: "off",
  temperature: 21,
  sensor: "salon-temp",
  sensorLabel: "Salon",
  current: 19.5,
  relay: "OFF",
  since: null,
  time: "2026-01-01T12:00:00.000Z",
};
const AC: AcStatePayload = {
  label: "Klimatyzacja",
  room: "Salon",
  device: "klima_salon",
  vendor: "COOLIX",
  mode: "Cool",
  targetTemperature: 22,
  power: "On",
  fanSpeed: "Auto",
  time: "2026-01-01T12:00:00.000Z",
};

function setup(
  answer: (request: Recorded) => Canned = () => ({
    status: 200,
    body: { item: { mode: "on", temperature: 21, sensor: "salon-temp" } },
  }),
  notify = vi.fn(),
) {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const requests: Recorded[] = [];
  const { client } = fakeClient((request) => {
    requests.push(request);
    return answer(request);
  });
  const heater = (state: Partial<HeaterStatePayload>) =>
    act(() => store.set(liveValueAtom("heater/state"), { value: { ...HEATER, ...state }, receivedAt: Date.now() }));
  const ac = (state: Partial<AcStatePayload>) =>
    act(() => store.set(liveValueAtom("ac/salon"), { value: { ...AC, ...state }, receivedAt: Date.now() }));
  heater({});
  ac({});
  store.set(liveChildrenAtom("ac"), ["salon"]); // as the live ingest records a new topic under ac/
  renderWithApp(<ClimateSection sensors={SENSORS} />, store, { api: { auth: client, general: client }, notify });
  return { store, requests, heater, ac, notify };
}

describe("climate section", () => {
  it("groups the heater and the AC in their room with their state", () => {
    setup();
    const room = screen.getByRole("region", { name: "Salon" });
    const heater = within(room).getByTestId("heater-tile");
    expect(heater.textContent).toContain("19,5°C");
    expect(heater.textContent).toContain("Wyłączone · Cel 21,0°C");
    expect(heater.textContent).toContain("Nie grzeje");
    expect(within(room).getByTestId("ac-tile-salon").textContent).toContain("Chłodzenie");
  });

  it("heater: a thermostatic valve as the heater reads its own temperature: its sensor is named, with no picker", () => {
    const { heater } = setup();
    heater({ sensor: "zigbee2mqtt:Living room valve", sensorLabel: "Głowica w salonie", device: "Living room valve" });
    fireEvent.click(screen.getByRole("button", { name: "Ustawienia: Ogrzewanie" }));
    const panel = screen.getByTestId("heater-panel");
    expect(within(panel).queryByRole("combobox", { hidden: true })).toBeNull();
    expect(within(panel).getByText("Głowica w salonie").tagName).toBe("OUTPUT");
  });

  it("heater: a mode press sends POST heater/config/{mode} and is pending until heater/state shows it; the stepper PATCHes +0.5 °C; the picker lists only temperature sensors", async () => {
    const { requests, heater } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Ustawienia: Ogrzewanie" }));
    const panel = screen.getByTestId("heater-panel");
    const modes = within(panel).getByRole("group", { name: "Tryb", hidden: true });
    expect(within(modes).getByRole("button", { name: "Wyłączone", hidden: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.click(within(modes).getByRole("button", { name: "Automatyczne", hidden: true }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: "POST", path: "/heater/config/auto" });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole("status", { hidden: true })
          .map((note) => note.textContent),
      ).toContain("Czeka na potwierdzenie…"),
    );
    heater({ mode: "auto", relay: "ON" });
    await waitFor(() => expect(screen.getByTestId("heater-tile").getAttribute("data-pending")).toBe("false"));
    expect(within(modes).getByRole("button", { name: "Automatyczne", hidden: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(screen.getByTestId("heater-tile").textContent).toContain("Grzeje");

    fireEvent.click(within(panel).getByRole("button", { name: "Podnieś temperaturę docelową", hidden: true }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ method: "PATCH", path: "/heater/config", body: { temperature: 21.5 } });
    heater({ mode: "auto", temperature: 21.5 });

    const picker = within(panel).getByLabelText("Czujnik sterujący") as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual(["Salon", "Balkon"]);
    fireEvent.change(picker, { target: { value: "balkon-temp" } });
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]).toMatchObject({ method: "PATCH", path: "/heater/config", body: { sensor: "balkon-temp" } });
    heater({ mode: "auto", temperature: 21.5, sensor: "balkon-temp", sensorLabel: "Balkon", current: 8 });
    await waitFor(() => expect(screen.getByTestId("heater-tile").getAttribute("data-pending")).toBe("false"));
    expect(picker.value).toBe("balkon-temp");
  });

  it("AC: mode and target go to POST /ac/{id}; nothing confirming within 5 s shows the real state again with 'Urządzenie nie odpowiedziało'", async () => {
    const notify = vi.fn();
    const { requests, ac } = setup(
      () => ({
        status: 200,
        body: {
          item: { id: "salon", command: "IRHVAC", irhvac: { Vendor: "COOLIX" }, sentAt: "2026-01-01T12:00:00.000Z" },
        },
      }),
      notify,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ustawienia: Klimatyzacja" }));
    const panel = screen.getByTestId("ac-panel-salon");
    fireEvent.click(within(panel).getByRole("button", { name: "Obniż temperaturę docelową", hidden: true }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: "POST", path: "/ac/salon", body: { targetTemperature: 21.5 } });
    ac({ targetTemperature: 21.5 });
    await waitFor(() => expect(screen.getByTestId("ac-tile-salon").getAttribute("data-pending")).toBe("false"));

    fireEvent.click(within(panel).getByRole("button", { name: "Grzanie", hidden: true }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ body: { mode: "Heat" } });
    await waitFor(() => expect(screen.getByTestId("ac-tile-salon").getAttribute("data-pending")).toBe("true"));
    await waitFor(() => expect(screen.getByTestId("ac-tile-salon").getAttribute("data-pending")).toBe("false"), {
      timeout: 7000,
    });
    expect(notify).toHaveBeenCalledWith("Urządzenie nie odpowiedziało", "error");
    expect(within(panel).getByRole("button", { name: "Chłodzenie", hidden: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  }, 12_000);

  it("controls are disabled while offline, and 'Niedostępne' while the IR blaster is LWT Offline", () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Ustawienia: Klimatyzacja" }));
    const panel = screen.getByTestId("ac-panel-salon");
    const cool = within(panel).getByRole("button", { name: "Grzanie", hidden: true }) as HTMLButtonElement;
    expect(cool.disabled).toBe(false);
    act(() => store.set(serverReachableAtom, false));
    expect(cool.disabled).toBe(true);
    act(() => store.set(serverReachableAtom, true));
    expect(cool.disabled).toBe(false);
    act(() =>
      store.set(liveValueAtom("availability/klima_salon"), { value: { state: "offline" }, receivedAt: Date.now() }),
    );
    expect(cool.disabled).toBe(true);
    expect(screen.getByTestId("ac-tile-salon").textContent).toContain("Niedostępne");
    expect(
      (
        within(screen.getByTestId("heater-panel")).getByRole("button", {
          name: "Włączone",
          hidden: true,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
  });
});
