import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Automation } from "../../../../contract/automations";
import type { Capability } from "../../../../contract/devices";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import { devicesAtom, type ListedDevice } from "../../devices";
import { AutomationsScreen } from "./AutomationsScreen";

afterEach(cleanup);

// The household's Zigbee2MQTT devices as the registry lists them (GET /devices): the fixture's
// `bridge/devices` entries (tests/fixtures/zigbee2mqtt/bridge_devices_household.json), exposes as
// capabilities; the button and the plug adopted with Polish labels, the smoke sensor hidden.
type Entry = { friendly_name: string; definition?: { model: string; vendor: string; exposes: unknown[] } | null };
const ENTRIES = (
  JSON.parse(readFileSync(join(process.cwd(), "tests/fixtures/zigbee2mqtt/bridge_devices_household.json"), "utf8")) as {
    payload: Entry[];
  }
).payload;

function device(name: string, adoption: ListedDevice["adoption"] = null): ListedDevice {
  const entry = ENTRIES.find((item) => item.friendly_name === name);
  if (!entry?.definition) throw new Error(`no fixture device ${name}`);
  return {
    id: `zigbee2mqtt:${name}`,
    source: "zigbee2mqtt",
    name,
    model: entry.definition.model,
    vendor: entry.definition.vendor,
    availability: "online",
    lastSeen: "2026-11-27T08:00:00.000Z",
    capabilities: entry.definition.exposes as Capability[],
    firstSeen: "2026-11-27T08:00:00.000Z",
    seen: true,
    adoption,
  };
}

const adopted = (label: string, hidden = false) => ({ label, show: "home" as const, hidden });
const DEVICES: ListedDevice[] = [
  device("Bedside button", adopted("Przycisk przy łóżku")),
  device("Kitchen plug", adopted("Czajnik")),
  device("Hall relay"),
  device("Balcony climate"),
  device("Balcony door"),
  device("Living room valve"),
  device("Kitchen smoke", adopted("Dym w kuchni", true)),
];

/** The hub's answer to a save: the body as stored. */
const saved = (request: Recorded) => ({
  status: 200,
  body: {
    item: {
      ...(request.body as object),
      id: "d1",
      enabled: true,
      createdAt: "2026-11-27T10:00:00.000Z",
      updatedAt: "2026-11-27T10:00:00.000Z",
      lastRun: null,
    },
  },
});

function renderScreen(loaded: Automation[] = []) {
  const store = createTestStore();
  store.set(devicesAtom, DEVICES);
  const general = fakeClient(saved);
  renderWithApp(<AutomationsScreen loaded={loaded} sensors={[]} />, store, { api: { general: general.client } });
  return general.requests;
}

/** Opens a new automation, names it and picks the 'Urządzenie' trigger. */
function newDeviceAutomation(name: string) {
  fireEvent.click(screen.getByRole("button", { name: "Dodaj automatyzację" }));
  const form = screen.getByRole("form", { name: "Nowa automatyzacja" });
  fireEvent.change(within(form).getByLabelText("Nazwa"), { target: { value: name } });
  fireEvent.change(within(form).getByLabelText("Rodzaj wyzwalacza"), { target: { value: "device" } });
  return form;
}

const pick = (field: HTMLElement, label: string) => {
  const option = within(field).getByRole("option", { name: label }) as HTMLOptionElement;
  fireEvent.change(field, { target: { value: option.value } });
};
const optionsOf = (field: HTMLElement) =>
  within(field)
    .getAllByRole("option")
    .map((option) => option.textContent);
const save = (form: HTMLElement) => fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));

describe("device triggers and actions in the automations editor", () => {
  it(
    "'Gdy Przycisk przy łóżku: Akcja = single, ustaw Czajnik: Stan = Wyłączone': required fields said in Polish, then the contract's body, listed in words",
    { timeout: 20_000 },
    async () => {
      const requests = renderScreen();
      const form = newDeviceAutomation("Przycisk gasi czajnik");
      fireEvent.change(within(form).getByLabelText("Rodzaj akcji 1"), { target: { value: "device.set" } });
      save(form);
      // Nothing chosen: each device picker says so, nothing is sent.
      await waitFor(() => expect(within(form).getAllByText("Pole wymagane")).toHaveLength(2));
      expect(requests).toEqual([]);

      // The trigger's device picker lists the devices with a published value, by name; the hidden one is left out.
      const [triggerDevice, actionDevice] = within(form).getAllByLabelText("Urządzenie") as [HTMLElement, HTMLElement];
      expect(optionsOf(triggerDevice)).toEqual([
        "— wybierz —",
        "Balcony climate",
        "Balcony door",
        "Czajnik",
        "Hall relay",
        "Living room valve",
        "Przycisk przy łóżku",
      ]);
      pick(triggerDevice, "Przycisk przy łóżku");
      const capability = within(form).getAllByLabelText("Właściwość")[0] as HTMLElement;
      expect(optionsOf(capability)).toContain("Akcja");
      expect(optionsOf(capability)).not.toContain("Zidentyfikuj"); // identify can be set, not read
      save(form);
      await waitFor(() => expect(within(form).getAllByText("Pole wymagane")).toHaveLength(2)); // capability, action device
      pick(capability, "Akcja");
      const value = within(form).getByLabelText("Wartość") as HTMLSelectElement;
      expect(optionsOf(value)).toEqual([
        "Pojedyncze (single)",
        "Podwójne (double)",
        "Potrójne (triple)",
        "quadruple",
        "Przytrzymanie (hold)",
        "Puszczenie (release)",
      ]);
      pick(value, "Pojedyncze (single)");

      // The action's device picker lists those with a settable capability: no sensor only reporting.
      expect(optionsOf(actionDevice)).not.toContain("Balcony climate");
      pick(actionDevice, "Czajnik");
      const setCapability = within(form).getAllByLabelText("Właściwość")[1] as HTMLElement;
      expect(optionsOf(setCapability)).not.toContain("Moc (W)"); // power is read only
      pick(setCapability, "Stan");
      const setValue = within(form).getAllByLabelText("Wartość")[1] as HTMLElement;
      expect(optionsOf(setValue)).toEqual(["Włączone", "Wyłączone", "Przełącz"]);
      pick(setValue, "Wyłączone");
      save(form);

      await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
      expect(requests).toEqual([
        {
          method: "POST",
          path: "/automation",
          body: {
            name: "Przycisk gasi czajnik",
            enabled: true,
            trigger: { type: "device", device: "zigbee2mqtt:Bedside button", property: "action", equals: "single" },
            actions: [{ kind: "device.set", device: "zigbee2mqtt:Kitchen plug", property: "state", value: "OFF" }],
          },
        },
      ]);
      const listed = screen.getByTestId("automation");
      expect(listed.textContent).toContain("Gdy Przycisk przy łóżku: Akcja = Pojedyncze (single)");
      expect(listed.textContent).toContain("Ustaw Czajnik: Stan = Wyłączone");
    },
  );

  it(
    "a number 'poniżej' a threshold in its unit, a relay's endpoint, a set point kept within its bounds",
    { timeout: 20_000 },
    async () => {
      const requests = renderScreen();
      const form = newDeviceAutomation("Mróz");
      pick(within(form).getByLabelText("Urządzenie"), "Balcony climate");
      pick(within(form).getByLabelText("Właściwość"), "Temperatura (°C)");
      fireEvent.change(within(form).getByLabelText("Warunek"), { target: { value: "below" } });
      fireEvent.change(within(form).getByLabelText("Rodzaj akcji 1"), { target: { value: "device.set" } });
      const [, relay] = within(form).getAllByLabelText("Urządzenie") as [HTMLElement, HTMLElement];
      pick(relay, "Hall relay");
      const relayCapability = within(form).getAllByLabelText("Właściwość")[1] as HTMLElement;
      expect(optionsOf(relayCapability)).toEqual(expect.arrayContaining(["Stan (l1)", "Stan (l2)"]));
      pick(relayCapability, "Stan (l2)");
      pick(within(form).getByLabelText("Wartość"), "Włączone");

      fireEvent.click(within(form).getByRole("button", { name: "Dodaj akcję" }));
      fireEvent.change(within(form).getByLabelText("Rodzaj akcji 2"), { target: { value: "device.set" } });
      pick(within(form).getAllByLabelText("Urządzenie")[2] as HTMLElement, "Living room valve");
      pick(within(form).getAllByLabelText("Właściwość")[2] as HTMLElement, "Temperatura zadana (°C)");
      const setPoint = within(form).getByLabelText("Wartość (°C)") as HTMLInputElement;
      expect([setPoint.min, setPoint.max, setPoint.step]).toEqual(["5", "35", "0.5"]);
      fireEvent.change(setPoint, { target: { value: "40" } });

      // No threshold yet, a set point above the valve's 35 °C: both said in Polish, nothing sent.
      save(form);
      expect(await within(form).findByText("Podaj wartość od 5 do 35")).toBeTruthy();
      expect(within(form).getByText("Pole wymagane")).toBeTruthy();
      expect(requests).toEqual([]);
      fireEvent.change(within(form).getByLabelText("Próg (°C)"), { target: { value: "-2.5" } });
      fireEvent.change(setPoint, { target: { value: "21.5" } });
      save(form);

      await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
      expect(requests.map((request) => request.body)).toEqual([
        {
          name: "Mróz",
          enabled: true,
          trigger: { type: "device", device: "zigbee2mqtt:Balcony climate", property: "temperature", below: -2.5 },
          actions: [
            { kind: "device.set", device: "zigbee2mqtt:Hall relay", property: "state", endpoint: "l2", value: "ON" },
            {
              kind: "device.set",
              device: "zigbee2mqtt:Living room valve",
              property: "occupied_heating_setpoint",
              value: 21.5,
            },
          ],
        },
      ]);
      const listed = screen.getByTestId("automation");
      expect(listed.textContent).toContain("Gdy Balcony climate: Temperatura spadnie poniżej -2,5 °C");
      expect(listed.textContent).toContain("Ustaw Hall relay: Stan (l2) = Włączone");
      expect(listed.textContent).toContain("Ustaw Living room valve: Temperatura zadana = 21,5 °C");
    },
  );

  it("a door's contact in the tiles' words, and an automation opened for editing shows what it stores", async () => {
    const stored: Automation = {
      id: "d2",
      name: "Drzwi balkonowe",
      enabled: true,
      trigger: { type: "device", device: "zigbee2mqtt:Balcony door", property: "contact", equals: false },
      actions: [
        { kind: "device.set", device: "zigbee2mqtt:Hall relay", property: "state", endpoint: "l1", value: "TOGGLE" },
      ],
      createdAt: "2026-11-27T10:00:00.000Z",
      updatedAt: "2026-11-27T10:00:00.000Z",
      lastRun: null,
    };
    renderScreen([stored]);
    const listed = screen.getByTestId("automation");
    expect(listed.textContent).toContain("Gdy Balcony door: Kontakt = Otwarte");
    expect(listed.textContent).toContain("Ustaw Hall relay: Stan (l1) = Przełącz");

    fireEvent.click(screen.getByRole("button", { name: "Edytuj: Drzwi balkonowe" }));
    const form = screen.getByRole("form", { name: "Edycja: Drzwi balkonowe" });
    const [door, relay] = within(form).getAllByLabelText("Urządzenie") as [HTMLSelectElement, HTMLSelectElement];
    expect(door.selectedOptions[0]?.textContent).toBe("Balcony door");
    expect(relay.selectedOptions[0]?.textContent).toBe("Hall relay");
    const [contact, state] = within(form).getAllByLabelText("Właściwość") as [HTMLSelectElement, HTMLSelectElement];
    expect(contact.selectedOptions[0]?.textContent).toBe("Kontakt");
    expect(state.selectedOptions[0]?.textContent).toBe("Stan (l1)");
    const [equals, value] = within(form).getAllByLabelText("Wartość") as [HTMLSelectElement, HTMLSelectElement];
    expect(optionsOf(equals)).toEqual(["Otwarte", "Zamknięte"]);
    expect(equals.selectedOptions[0]?.textContent).toBe("Otwarte");
    expect(value.selectedOptions[0]?.textContent).toBe("Przełącz");
  });
});
