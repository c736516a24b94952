import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ListedDevice } from "../../../../contract/adoption";
import { deviceAlertTopic } from "../../../../contract/devices";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { AlarmBanner } from "./AlarmBanner";
import { CarDevices } from "./CarDevices";
import { DeviceTile } from "./DeviceTile";
import { HomeDevices } from "./HomeDevices";
import {
  householdDevice,
  householdState,
  listed,
  publish,
  publishState,
  WithTileStrings,
} from "./testing.test-support";

afterEach(cleanup);

function renderTiles(ui: React.ReactNode) {
  const store = createTestStore();
  const hub = fakeClient((request) => ({ status: 202, body: { item: { topic: "t", payload: request.body } } }));
  renderWithApp(<WithTileStrings>{ui}</WithTileStrings>, store, { api: { general: hub.client } });
  return { store, requests: hub.requests };
}

const adopt = (name: string, adoption: Partial<NonNullable<ListedDevice["adoption"]>>): ListedDevice =>
  listed(householdDevice(name), { show: "home", hidden: false, ...adoption });

describe("a device's compact tile (home, the car dashboard)", () => {
  it("is an article named by its label with the main control, battery, availability and last seen", () => {
    const blind = householdDevice("Bedroom blind");
    const { store } = renderTiles(
      <DeviceTile device={blind} adoption={{ label: "Roleta w sypialni", show: "home", hidden: false }} />,
    );
    act(() => publishState(store, blind.id, householdState("Bedroom blind")));
    const tile = screen.getByRole("article", { name: "Roleta w sypialni" });
    expect(within(tile).getByRole("heading", { name: "Roleta w sypialni" })).toBeTruthy();
    expect(within(tile).getByRole("slider", { name: "Pozycja" })).toBeTruthy();
    expect(within(tile).getByRole("button", { name: "Zatrzymaj" })).toBeTruthy();
    const status = within(tile).getByTestId("device-status");
    expect(status.textContent).toContain("Dostępne");
    expect(status.textContent).toContain("Bateria 87 %");
    expect(status.textContent).toContain("Ostatnio: teraz");
    expect(within(tile).queryByText("Więcej")).toBeNull();
  });

  it("a light's tile is its state toggle alone, a valve's its set point, a sensor's its first value in words", () => {
    const { store } = renderTiles(
      <>
        <DeviceTile device={householdDevice("Living room bulb")} />
        <DeviceTile device={householdDevice("Living room valve")} />
        <DeviceTile device={householdDevice("Bathroom leak")} />
      </>,
    );
    const bulb = screen.getByRole("article", { name: "Living room bulb" });
    expect(within(bulb).getByRole("switch", { name: "Stan" })).toBeTruthy();
    expect(within(bulb).queryByRole("slider")).toBeNull();
    const valve = screen.getByRole("article", { name: "Living room valve" });
    expect(within(valve).getByRole("group", { name: "Temperatura zadana" })).toBeTruthy();
    expect(within(valve).queryByRole("group", { name: "Tryb" })).toBeNull();
    const leak = screen.getByRole("article", { name: "Bathroom leak" });
    expect(within(leak).getByTestId("capability-water_leak").textContent).toContain("Wyciek wody");
    act(() => publishState(store, "zigbee2mqtt:Bathroom leak", householdState("Bathroom leak")));
    expect(within(leak).getByTestId("capability-water_leak").textContent).toBe("Wyciek wodySucho");
    act(() =>
      publishState(store, "zigbee2mqtt:Bathroom leak", { ...householdState("Bathroom leak"), water_leak: true }),
    );
    expect(within(leak).getByTestId("capability-water_leak").textContent).toBe("Wyciek wodyWyciek!");
  });

  it("an offline device's tile says 'Niedostępne' and its toggle is disabled", () => {
    const { requests } = renderTiles(<DeviceTile device={householdDevice("Kitchen plug", "offline")} />);
    const tile = screen.getByRole("article", { name: "Kitchen plug" });
    expect(tile.getAttribute("data-availability")).toBe("offline");
    expect(within(tile).getByTestId("device-status").textContent).toContain("Niedostępne");
    const state = within(tile).getByRole("switch", { name: "Stan" }) as HTMLButtonElement;
    expect(state.disabled).toBe(true);
    fireEvent.click(state);
    expect(requests).toHaveLength(0);
  });

  it("the adoption's use picks which relay of several the tile drives", async () => {
    const relay = householdDevice("Hall relay");
    const { requests } = renderTiles(
      <DeviceTile
        device={relay}
        adoption={{ show: "home", hidden: false, use: { as: "switch", name: "hall_2", endpoint: "l2" } }}
      />,
    );
    const toggle = screen.getByRole("switch", { name: "Stan (l2)" });
    expect(screen.queryByRole("switch", { name: "Stan (l1)" })).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(requests[0]?.body).toEqual({ property: "state_l2", endpoint: "l2", value: "ON" }));
  });
});

describe("home's devices", () => {
  it("shows adopted devices shown on home by room, rooms in Polish order and devices without a room last", () => {
    renderTiles(
      <HomeDevices
        devices={[
          adopt("Kitchen plug", { label: "Czajnik", room: "Kuchnia" }),
          adopt("Bedroom blind", { label: "Roleta", room: "Sypialnia" }),
          adopt("Living room valve", { label: "Grzejnik", room: "Salon" }),
          adopt("Hall motion", { label: "Ruch w holu" }),
          adopt("Desk plug", { label: "Biurko", room: "Kuchnia", hidden: true }),
          adopt("Front door lock", { label: "Zamek", show: "car" }),
          adopt("Balcony door", { label: "Drzwi", show: "none" }),
          listed(householdDevice("Kitchen smoke"), null),
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "Urządzenia" });
    expect(
      within(region)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Kuchnia", "Salon", "Sypialnia", "Pozostałe"]);
    expect(
      within(region)
        .getAllByRole("article")
        .map((tile) => tile.getAttribute("aria-label")),
    ).toEqual(["Czajnik", "Grzejnik", "Roleta", "Ruch w holu"]);
  });

  it("shows nothing when no device is shown on home", () => {
    renderTiles(<HomeDevices devices={[listed(householdDevice("Kitchen plug"), null)]} />);
    expect(screen.queryByRole("region", { name: "Urządzenia" })).toBeNull();
  });

  it("the car dashboard shows the devices adopted for the car as large tiles", () => {
    renderTiles(
      <CarDevices
        devices={[
          adopt("Front door lock", { label: "Brama", show: "car" }),
          adopt("Kitchen plug", { label: "Czajnik" }),
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "Urządzenia" });
    expect(
      within(region)
        .getAllByRole("article")
        .map((tile) => tile.getAttribute("aria-label")),
    ).toEqual(["Brama"]);
    expect(within(region).getByRole("article").className).toContain("device-tile--car");
  });

  it("a panel profile's `devices:<id>` picks which car devices show, in its order", () => {
    const gate = adopt("Front door lock", { label: "Brama", show: "car" });
    const kettle = adopt("Kitchen plug", { label: "Czajnik", show: "car" });
    const lamp = adopt("Desk plug", { label: "Lampa", show: "car" });
    renderTiles(<CarDevices devices={[gate, kettle, lamp]} only={[lamp.id, "unknown", gate.id]} />);
    const region = screen.getByRole("region", { name: "Urządzenia" });
    expect(
      within(region)
        .getAllByRole("article")
        .map((tile) => tile.getAttribute("aria-label")),
    ).toEqual(["Lampa", "Brama"]);
  });
});

describe("the alarm banner", () => {
  const alert = (active: boolean, label: string, since = "2026-11-27T09:15:00.000Z") => ({
    active,
    device: "zigbee2mqtt:Bathroom leak",
    label,
    room: "Łazienka",
    since,
  });

  it("shows each active leak and smoke alarm in red at once, leaks first, and leaves when it clears", () => {
    const { store } = renderTiles(<AlarmBanner />);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => {
      publish(store, deviceAlertTopic("smoke", "zigbee2mqtt:Kitchen smoke"), {
        ...alert(true, "Czujnik w kuchni"),
        device: "zigbee2mqtt:Kitchen smoke",
      });
      publish(store, deviceAlertTopic("leak", "zigbee2mqtt:Bathroom leak"), alert(true, "Pod pralką"));
    });
    const banner = screen.getByRole("alert");
    expect(
      within(banner)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("strong")?.textContent),
    ).toEqual(["Wyciek wody: Pod pralką", "Dym: Czujnik w kuchni"]);
    expect(banner.textContent).toContain("Łazienka");
    act(() => {
      publish(store, deviceAlertTopic("leak", "zigbee2mqtt:Bathroom leak"), alert(false, "Pod pralką"));
      publish(store, deviceAlertTopic("smoke", "zigbee2mqtt:Kitchen smoke"), "");
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("ignores a malformed alert and keeps the valid ones", () => {
    const { store } = renderTiles(<AlarmBanner />);
    act(() => {
      publish(store, deviceAlertTopic("leak", "zigbee2mqtt:Bathroom leak"), { active: "yes", label: 7 });
      publish(store, deviceAlertTopic("leak", "zigbee2mqtt:Cellar leak"), alert(true, "Piwnica"));
    });
    expect(screen.getByRole("alert").textContent).toContain("Wyciek wody: Piwnica");
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });
});
