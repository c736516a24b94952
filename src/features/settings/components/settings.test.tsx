import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { configAtom } from "../../../platform/config";
import { applyLiveBatch } from "../../../platform/live/apply";
import { switchesAtom } from "../../switches";
import { HouseholdSwitches } from "./HouseholdSwitches";
import { SwitchGroups } from "./SwitchGroups";
import { WatchdogEditor } from "./WatchdogEditor";

afterEach(cleanup);

/** A store with the demo household's switches and groups loaded, logged in. */
function householdStore() {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  store.set(switchesAtom, [
    { name: "lampa_salon", label: "Lampa w salonie", purpose: "light" },
    { name: "listwa", label: "Listwa w biurze", purpose: null },
    { name: "pompa", label: "Pompa ogrodowa", purpose: null },
  ]);
  store.set(configAtom, {
    mqttConnectionString: "ws://localhost/mqtt",
    switchesList: [
      { name: "Salon", items: ["lampa_salon"] },
      { name: "Biuro", items: ["listwa/1", "listwa/2"] },
    ],
  });
  return store;
}

const live = (store: ReturnType<typeof createTestStore>, topic: string, value: unknown) =>
  act(() => applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]])));

/** A hub that stores what it is sent (and publishes it, as the hub does) unless `refuse` says why not. */
function fakeHub(store: ReturnType<typeof createTestStore>, refuse: (request: Recorded) => string | null = () => null) {
  return fakeClient((request) => {
    const problem = refuse(request);
    if (problem !== null) return { status: 400, body: { code: "BAD_REQUEST", message: problem } };
    const body = request.body as { key: string; value: unknown };
    queueMicrotask(() => live(store, `settings/${body.key}`, body.value));
    return { status: 200, body: { item: { key: body.key, value: body.value } } };
  });
}

describe("household switch pickers", () => {
  it("offers switches and relays by label, keeps the chosen order and saves it with PATCH /settings", async () => {
    const store = householdStore();
    const hub = fakeHub(store);
    renderWithApp(<HouseholdSwitches />, store, { api: { auth: hub.client } });
    live(store, "settings/dashboardSwitches", ["pompa"]);
    const home = screen.getByRole("region", { name: "Przełączniki na ekranie głównym" });
    const select = within(home).getByLabelText("Przełącznik do dodania");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Lampa w salonie", "Listwa w biurze", "Listwa w biurze, przekaźnik 1", "Listwa w biurze, przekaźnik 2"]);
    const save = within(home).getByRole("button", { name: "Zapisz" });
    expect(save).toHaveProperty("disabled", true); // nothing changed yet
    fireEvent.change(select, { target: { value: "listwa/2" } });
    fireEvent.click(within(home).getByRole("button", { name: "Dodaj" }));
    fireEvent.click(within(home).getByRole("button", { name: "Przesuń wyżej: Listwa w biurze, przekaźnik 2" }));
    expect(
      within(home)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Listwa w biurze, przekaźnik 2", "Pompa ogrodowa"]);
    fireEvent.click(save);
    expect(await within(home).findByText("Zapisano")).toBeTruthy();
    expect(hub.requests).toEqual([
      { method: "PATCH", path: "/settings", body: { key: "dashboardSwitches", value: ["listwa/2", "pompa"] } },
    ]);
  });

  it("shows the hub's refusal with the field it names", async () => {
    const store = householdStore();
    const hub = fakeHub(store, () => "value.0: unknown switch");
    renderWithApp(<HouseholdSwitches />, store, { api: { auth: hub.client } });
    const car = screen.getByRole("region", { name: "Przełączniki na pulpicie samochodowym" });
    fireEvent.click(within(car).getByRole("button", { name: "Dodaj" }));
    fireEvent.click(within(car).getByRole("button", { name: "Zapisz" }));
    expect((await within(car).findByRole("alert")).textContent).toBe("Hub odrzucił zmianę: value.0: unknown switch");
  });

  it("the garage light is one switch or none, and says what the hub does with it", async () => {
    const store = householdStore();
    const hub = fakeHub(store);
    renderWithApp(<HouseholdSwitches />, store, { api: { auth: hub.client } });
    const select = screen.getByLabelText("Światło garażu");
    expect(select.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Hub włącza ten przełącznik, gdy brama garażowa zaczyna się otwierać.")).toBeTruthy();
    fireEvent.change(select, { target: { value: "pompa" } });
    const row = select.closest(".setting-editor");
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Zapisz" }));
    expect(await screen.findByText("Zapisano")).toBeTruthy();
    expect(hub.requests[0]?.body).toEqual({ key: "garageLight", value: "pompa" });
  });

  it("controls that save are disabled while locked", () => {
    const store = householdStore();
    store.set(sessionAtom, { status: "locked" });
    renderWithApp(<HouseholdSwitches />, store);
    live(store, "settings/dashboardSwitches", []);
    fireEvent.click(
      within(screen.getByRole("region", { name: "Przełączniki na ekranie głównym" })).getByRole("button", {
        name: "Dodaj",
      }),
    );
    expect(
      within(screen.getByRole("region", { name: "Przełączniki na ekranie głównym" })).getByRole("button", {
        name: "Zapisz",
      }),
    ).toHaveProperty("disabled", true);
  });
});

describe("switchesList editor", () => {
  it("adds, renames and removes groups and items; refuses blank and repeated names the way the hub does; saves and updates the config's groups", async () => {
    const store = householdStore();
    const hub = fakeHub(store);
    renderWithApp(<SwitchGroups />, store, { api: { auth: hub.client } });
    const save = screen.getByRole("button", { name: "Zapisz" });
    const names = () => screen.getAllByLabelText("Nazwa grupy");

    fireEvent.change(names()[1] as HTMLElement, { target: { value: "  " } });
    expect(screen.getByRole("alert").textContent).toBe("Popraw przed zapisaniem: value.1.name: must not be blank");
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(names()[1] as HTMLElement, { target: { value: "Salon " } });
    expect(screen.getByRole("alert").textContent).toBe("Popraw przed zapisaniem: value: group names must differ");
    fireEvent.change(names()[1] as HTMLElement, { target: { value: "Gabinet" } });
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Usuń: Listwa w biurze, przekaźnik 1" }));
    fireEvent.change(screen.getByLabelText("Nazwa nowej grupy"), { target: { value: "Ogród" } });
    fireEvent.click(screen.getByRole("button", { name: "Dodaj grupę" }));
    const garden = screen
      .getAllByRole("listitem")
      .find((item) => item.classList.contains("setting-group") && within(item).queryByDisplayValue("Ogród"));
    fireEvent.change(within(garden as HTMLElement).getByLabelText("Przełącznik do dodania"), {
      target: { value: "pompa" },
    });
    fireEvent.click(within(garden as HTMLElement).getByRole("button", { name: "Dodaj" }));
    fireEvent.click(screen.getByRole("button", { name: "Usuń grupę Salon" }));
    fireEvent.click(save);
    await screen.findByText("Zapisano");
    const expected = [
      { name: "Gabinet", items: ["listwa/2"] },
      { name: "Ogród", items: ["pompa"] },
    ];
    expect(hub.requests[0]?.body).toEqual({ key: "switchesList", value: expected });
    expect(store.get(configAtom)?.switchesList).toEqual(expected);
  });
});

describe("watchdog editor", () => {
  const sensors = [
    {
      id: "balkon-temp",
      kind: "temp" as const,
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota" as const, device: "balkon", field: "BME280.Temperature" },
    },
    {
      id: "piwnica-temp",
      kind: "temp" as const,
      place: "cellar",
      label: "Piwnica",
      source: { type: "tasmota" as const, device: "piwnica", field: "DS18B20.Temperature" },
    },
    {
      id: "balkon-humid",
      kind: "humid" as const,
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota" as const, device: "balkon", field: "BME280.Humidity" },
    },
  ];

  it("temperature limits: only temperature sensors, min below max checked as the hub checks it, a comma decimal accepted, saved; the hub's alert shown live", async () => {
    const store = householdStore();
    const hub = fakeHub(store);
    renderWithApp(<WatchdogEditor sensors={sensors} />, store, { api: { auth: hub.client } });
    const limits = screen.getByRole("group", { name: "Progi temperatury czujników" });
    fireEvent.click(within(limits).getByRole("button", { name: "Dodaj próg" }));
    expect(
      within(within(limits).getByLabelText("Czujnik"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Balkon", "Piwnica"]);
    fireEvent.change(within(limits).getByLabelText("Czujnik"), { target: { value: "cellar" } });
    expect(within(limits).getByRole("alert").textContent).toBe("Popraw przed zapisaniem: value.0.min: set min or max");
    fireEvent.change(within(limits).getByLabelText("Minimum (°C)"), { target: { value: "5" } });
    fireEvent.change(within(limits).getByLabelText("Maksimum (°C)"), { target: { value: "abc" } });
    expect(within(limits).getByRole("alert").textContent).toBe("Popraw przed zapisaniem: Maksimum (°C): wpisz liczbę");
    fireEvent.change(within(limits).getByLabelText("Maksimum (°C)"), { target: { value: "4,5" } });
    expect(within(limits).getByRole("alert").textContent).toBe(
      "Popraw przed zapisaniem: value.0.max: must be above min",
    );
    fireEvent.change(within(limits).getByLabelText("Maksimum (°C)"), { target: { value: "12,5" } });
    fireEvent.click(within(limits).getByRole("button", { name: "Zapisz" }));
    await within(limits).findByText("Zapisano");
    const sent = hub.requests[0]?.body as {
      key: string;
      value: { id: string; sensor: string; min: number; max: number }[];
    };
    expect(sent.key).toBe("tempWatchdog");
    expect(sent.value).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9_-]+$/), sensor: "cellar", min: 5, max: 12.5 },
    ]);

    const id = sent.value[0]?.id ?? "";
    live(store, `alert/temp/${id}-min`, {
      active: true,
      bound: "min",
      kind: "temp",
      place: "cellar",
      value: 3.2,
      limit: 5,
      time: new Date().toISOString(),
    });
    expect(within(limits).getByText("Alarm: 3,2 °C poniżej 5 °C")).toBeTruthy();
  });

  it("removing a saved limit sends idsToRemove with its id at once", async () => {
    const store = householdStore();
    const hub = fakeClient(() => ({ status: 200, body: { item: { key: "tempWatchdog", value: [] } } }));
    renderWithApp(<WatchdogEditor sensors={sensors} />, store, { api: { auth: hub.client } });
    const stored = [
      { id: "piwnica", sensor: "cellar", min: 2, max: null },
      { id: "balkon", sensor: "balcony", max: 30 },
    ];
    live(store, "settings/tempWatchdog", stored);
    fireEvent.click(screen.getByRole("button", { name: "Usuń próg: Piwnica" }));
    await act(async () => undefined);
    expect(hub.requests[0]?.body).toEqual({ key: "tempWatchdog", value: stored, idsToRemove: ["piwnica"] });
  });

  it("'Sprawdź teraz' asks the hub with POST /config/sensors/notify and lists the alerts it answers as active", async () => {
    const store = householdStore();
    let active: string[] = [];
    const hub = fakeClient(() => ({ status: 200, body: { item: { active } } }));
    renderWithApp(<WatchdogEditor sensors={sensors} />, store, { api: { auth: hub.client, general: hub.client } });
    fireEvent.click(screen.getByRole("button", { name: "Sprawdź teraz" }));
    expect(await screen.findByText("Brak aktywnych alarmów.")).toBeTruthy();
    expect(hub.requests).toMatchObject([{ method: "POST", path: "/config/sensors/notify", body: {} }]);
    active = ["temp/balkon-max", "weather/pm10-outside"];
    live(store, "alert/temp/balkon-max", {
      active: true,
      bound: "max",
      kind: "temp",
      place: "balcony",
      value: 31.2,
      limit: 30,
      time: new Date().toISOString(),
    });
    fireEvent.click(screen.getByRole("button", { name: "Sprawdź teraz" }));
    const list = await screen.findByRole("list", { name: "Aktywne alarmy: 2" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Balkon: 31,2 °C powyżej 30 °C", "weather/pm10-outside"]);
  });

  it("the weather watchdog starts from the defaults; an empty field turns that alert off; heat must be above frost", async () => {
    const store = householdStore();
    const hub = fakeHub(store);
    renderWithApp(<WatchdogEditor sensors={sensors} />, store, { api: { auth: hub.client } });
    const weather = screen.getByRole("group", { name: "Pogoda na zewnątrz" });
    expect((within(weather).getByLabelText("Mróz poniżej (°C)") as HTMLInputElement).value).toBe("0");
    fireEvent.change(within(weather).getByLabelText("Upał powyżej (°C)"), { target: { value: "-5" } });
    expect(within(weather).getByRole("alert").textContent).toBe(
      "Popraw przed zapisaniem: value.heatAbove: must be above frostBelow",
    );
    fireEvent.change(within(weather).getByLabelText("Upał powyżej (°C)"), { target: { value: "32" } });
    fireEvent.change(within(weather).getByLabelText("PM10 powyżej (µg/m³)"), { target: { value: "" } });
    fireEvent.click(within(weather).getByRole("button", { name: "Zapisz" }));
    await within(weather).findByText("Zapisano");
    expect(hub.requests[0]?.body).toEqual({
      key: "weatherWatchdog",
      value: { enabled: true, frostBelow: 0, heatAbove: 32, pm25Above: 50, pm10Above: null },
    });
  });
});
