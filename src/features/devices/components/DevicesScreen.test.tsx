import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, fakeClient, renderWithApp, type Canned, type Recorded } from "../../../test/render";
import { devicesAtom } from "../atoms";
import type { ListedDevice } from "../schemas";
import { DevicesScreen } from "./DevicesScreen";

const device = (name: string, extra: Partial<ListedDevice> = {}): ListedDevice => ({
  id: `zigbee2mqtt:${name}`,
  source: "zigbee2mqtt",
  name,
  model: "WSDCGQ11LM",
  vendor: "Aqara",
  availability: "online",
  lastSeen: null,
  capabilities: [
    { type: "numeric", name: "temperature", property: "temperature", access: 1, unit: "°C" },
    { type: "numeric", name: "humidity", property: "humidity", access: 1, unit: "%" },
  ],
  firstSeen: "2026-11-27T08:00:00.000Z",
  seen: true,
  adoption: null,
  ...extra,
});

const HOUSEHOLD = [
  device("balkon", { firstSeen: "2026-11-27T07:00:00.000Z", availability: "offline" }),
  device("nowy", { firstSeen: "2026-11-27T09:00:00.000Z", seen: false, availability: "unknown" }),
  device("stary", { firstSeen: "2026-11-20T09:00:00.000Z", adoption: { show: "none", hidden: true } }),
];

/** The screen over `devices`, with the hub's answers decided by `answer`; the requests it made. */
function renderScreen(devices: ListedDevice[], answer: (request: Recorded) => Canned = () => ({ status: 204 })) {
  const store = createTestStore();
  store.set(devicesAtom, devices);
  const { client, requests } = fakeClient(answer);
  renderWithApp(<DevicesScreen />, store, { api: { general: client } });
  return { store, requests };
}

const rowNames = () =>
  within(screen.getByTestId("device-list"))
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("the devices screen", () => {
  afterEach(cleanup);

  it("lists the devices not hidden, newest first, with availability in words and the new one marked", () => {
    renderScreen(HOUSEHOLD);
    expect(rowNames()).toEqual(["nowy", "balkon"]);
    const fresh = screen.getByTestId("device-row-zigbee2mqtt:nowy");
    expect(within(fresh).getByText("Nowe")).toBeTruthy();
    expect(fresh.textContent).toContain("Zigbee2MQTT · WSDCGQ11LM · Aqara");
    expect(fresh.textContent).toContain("Nieznane");
    expect(screen.getByTestId("device-row-zigbee2mqtt:balkon").textContent).toContain("Niedostępne");
    expect(screen.getByTestId("devices-count").textContent).toBe("2 urządzenia");
  });

  it("filters the new and the hidden ones, and searches by name", () => {
    renderScreen(HOUSEHOLD);
    fireEvent.click(screen.getByRole("radio", { name: "Ukryte (1)" }));
    expect(rowNames()).toEqual(["stary"]);
    fireEvent.click(screen.getByRole("radio", { name: "Nowe (1)" }));
    expect(rowNames()).toEqual(["nowy"]);
    fireEvent.click(screen.getByRole("radio", { name: "Wszystkie (2)" }));
    fireEvent.change(screen.getByLabelText("Szukaj po nazwie"), { target: { value: "BAL" } });
    expect(rowNames()).toEqual(["balkon"]);
  });

  it("tells the household what to do when there is no device", () => {
    renderScreen([]);
    expect(screen.getByTestId("devices-empty").textContent).toContain("Brak urządzeń");
  });

  it("opening a device shows its detail, tells the hub it was looked at, and the mark goes", async () => {
    const { requests } = renderScreen(HOUSEHOLD);
    fireEvent.click(screen.getByRole("button", { name: "nowy" }));
    const detail = await screen.findByTestId("device-detail");
    expect(within(detail).getByRole("heading", { name: "nowy" })).toBeTruthy();
    expect(within(screen.getByTestId("device-row-zigbee2mqtt:nowy")).queryByText("Nowe")).toBeNull();
    await waitFor(() =>
      expect(requests).toContainEqual({ method: "POST", path: "/devices/zigbee2mqtt%3Anowy/seen", body: undefined }),
    );
  });

  it("offers only the uses the device can have: a weather sensor is a sensor, not a switch or a gate", async () => {
    renderScreen(HOUSEHOLD);
    fireEvent.click(screen.getByRole("button", { name: "balkon" }));
    const use = await screen.findByLabelText("Używaj jako");
    expect(
      within(use)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Nie używaj", "Czujnik"]);
  });

  it("saves the adoption with PUT and shows the device under its new label", async () => {
    const { requests } = renderScreen(HOUSEHOLD, (request) =>
      request.method === "PUT"
        ? {
            status: 200,
            body: { item: { ...HOUSEHOLD[0], adoption: { label: "Czujnik na balkonie", show: "car", hidden: false } } },
          }
        : { status: 204 },
    );
    fireEvent.click(screen.getByRole("button", { name: "balkon" }));
    const detail = await screen.findByTestId("device-detail");
    fireEvent.change(within(detail).getByLabelText("Nazwa"), { target: { value: " Czujnik na balkonie " } });
    fireEvent.change(within(detail).getByLabelText("Gdzie widać"), { target: { value: "car" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Zapisz" }));
    expect(await within(detail).findByText("Zapisano")).toBeTruthy();
    expect(requests).toContainEqual({
      method: "PUT",
      path: "/devices/zigbee2mqtt%3Abalkon/adoption",
      body: { label: "Czujnik na balkonie", show: "car", hidden: false },
    });
    expect(rowNames()).toContain("Czujnik na balkonie");
  });

  it("shows the hub's refusal under the field it names", async () => {
    renderScreen(HOUSEHOLD, (request) =>
      request.method === "PUT"
        ? { status: 400, body: { code: "BAD_REQUEST", message: "room: must be at most 64 characters" } }
        : { status: 204 },
    );
    fireEvent.click(screen.getByRole("button", { name: "balkon" }));
    const detail = await screen.findByTestId("device-detail");
    fireEvent.change(within(detail).getByLabelText("Pokój"), { target: { value: "Salon" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Zapisz" }));
    expect(await within(detail).findByText("must be at most 64 characters")).toBeTruthy();
    expect(within(detail).getByText("Hub nie przyjął zmian: room: must be at most 64 characters")).toBeTruthy();
  });
});
