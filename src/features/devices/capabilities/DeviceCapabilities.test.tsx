import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Device } from "../../../../contract/devices";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import type { JotaiStore } from "../../../shared/store";
import { DeviceCapabilities } from "./DeviceCapabilities";
import { householdDevice, householdState, publishState, WithTileStrings } from "./testing.test-support";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders a device's capabilities with its fixture state; the hub answers every set with 202. */
function renderDevice(device: Device, state: Record<string, unknown> | null, options: { notify?: () => void } = {}) {
  const store: JotaiStore = createTestStore();
  if (state !== null) publishState(store, device.id, state);
  const hub = fakeClient((request: Recorded) =>
    request.method === "POST"
      ? { status: 202, body: { item: { topic: `zigbee2mqtt/${device.name}/set`, payload: request.body } } }
      : { status: 404, body: { code: "NOT_FOUND" } },
  );
  renderWithApp(
    <WithTileStrings>
      <DeviceCapabilities device={device} label="Urządzenie testowe" />
    </WithTileStrings>,
    store,
    { api: { general: hub.client }, ...(options.notify ? { notify: options.notify } : {}) },
  );
  return { store, requests: hub.requests };
}

const setPath = (name: string) => `/devices/${encodeURIComponent(`zigbee2mqtt:${name}`)}/set`;

describe("capability tiles: each exposes type draws its control (Zigbee2MQTT's frontend)", () => {
  it("a plug: its state is a switch 'Stan', its meter read-only with units, config and diagnostics collapsed under 'Więcej'", () => {
    renderDevice(householdDevice("Kitchen plug"), householdState("Kitchen plug"));
    const state = screen.getByRole("switch", { name: "Stan" });
    expect(state.getAttribute("aria-checked")).toBe("true");
    expect(state.textContent).toContain("Włączone");
    expect(screen.getByTestId("capability-power").textContent).toContain("42,3 W");
    expect(screen.getByTestId("capability-voltage").textContent).toContain("231 V");
    const more = screen.getByText("Więcej").closest("details");
    expect(more?.open).toBe(false);
    expect(within(more as HTMLElement).getByTestId("capability-overload_protection")).toBeTruthy();
    expect(within(more as HTMLElement).getByTestId("capability-device_temperature")).toBeTruthy();
  });

  it("a two-gang relay: one switch per endpoint, named by it, each with its own state", () => {
    renderDevice(householdDevice("Hall relay"), householdState("Hall relay"));
    expect(screen.getByRole("switch", { name: "Stan (l1)" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Stan (l2)" }).getAttribute("aria-checked")).toBe("false");
  });

  it("a light: state, brightness 0-254 and colour temperature in mired with its presets as quick buttons", () => {
    renderDevice(householdDevice("Living room bulb"), householdState("Living room bulb"));
    expect(screen.getByRole("switch", { name: "Stan" }).getAttribute("aria-checked")).toBe("true");
    const brightness = screen.getByRole("slider", { name: "Jasność" }) as HTMLInputElement;
    expect([brightness.min, brightness.max, brightness.step, brightness.value]).toEqual(["0", "254", "1", "180"]);
    const mired = screen.getByRole("slider", { name: "Temperatura barwowa" }) as HTMLInputElement;
    expect([mired.min, mired.max, mired.value]).toEqual(["153", "500", "370"]);
    expect(mired.getAttribute("aria-valuetext")).toBe("370 mired");
    const presets = screen.getByRole("group", { name: "Ustawienia: Temperatura barwowa" });
    expect(within(presets).getByRole("button", { name: "Neutralna" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a numeric without both bounds or a set point is a stepper with its unit; an enum of few values segmented, of many a select", () => {
    renderDevice(householdDevice("Living room valve"), householdState("Living room valve"));
    const setPoint = screen.getByRole("group", { name: "Temperatura zadana" });
    expect(within(setPoint).getByText("21 °C")).toBeTruthy();
    expect(within(setPoint).getByRole("button", { name: "Mniej: Temperatura zadana" })).toBeTruthy();
    expect(within(setPoint).getByRole("button", { name: "Więcej: Temperatura zadana" })).toBeTruthy();
    const mode = screen.getByRole("group", { name: "Tryb" });
    expect(within(mode).getByRole("button", { name: "Grzanie" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("capability-local_temperature").textContent).toContain("20,5 °C");
    const more = screen.getByText("Więcej").closest("details") as HTMLElement;
    const days = within(more).getByRole("combobox", { name: /day of week/i }) as HTMLSelectElement;
    expect(days.options).toHaveLength(9);
    expect(within(more).getByRole("textbox", { name: /trigger time/i })).toBeTruthy();
  });

  it("a cover: position 0-100 % as a slider and open, close, stop", () => {
    renderDevice(householdDevice("Bedroom blind"), householdState("Bedroom blind"));
    const position = screen.getByRole("slider", { name: "Pozycja" }) as HTMLInputElement;
    expect([position.min, position.max, position.value]).toEqual(["0", "100", "100"]);
    expect(position.getAttribute("aria-valuetext")).toBe("100 %");
    const moves = screen.getByRole("group", { name: "Sterowanie: Roleta" });
    expect(
      within(moves)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Otwórz", "Zamknij", "Zatrzymaj"]);
  });

  it("read-only values of a device reporting on change stay current however old; 'Przestarzałe' only while the device is offline", () => {
    const device = householdDevice("Balcony climate");
    const { store } = renderDevice(device, null);
    act(() => publishState(store, device.id, householdState("Balcony climate"), 6 * 60 * 60_000));
    expect(screen.getByTestId("capability-temperature").textContent).toBe("Temperatura7,4 °C");
    expect(screen.getByTestId("capability-temperature").getAttribute("data-freshness")).toBe("fresh");
    cleanup();
    renderDevice({ ...device, availability: "offline" }, householdState("Balcony climate"));
    expect(screen.getByTestId("capability-temperature").getAttribute("data-freshness")).toBe("stale");
    expect(screen.getByTestId("capability-temperature").textContent).toContain("Przestarzałe");
  });
});

describe("capability names", () => {
  it("a Tasmota relay's FriendlyName names its switch ('Wentylator (l2)'); Zigbee2MQTT's generated labels give way to the app's words", () => {
    const dual: Device = {
      id: "tasmota:tasmota_B34C5D",
      source: "tasmota",
      name: "tasmota_B34C5D",
      model: "Sonoff Dual R2",
      vendor: null,
      availability: "online",
      lastSeen: null,
      capabilities: [1, 2].map((n) => ({
        type: "switch" as const,
        endpoint: `l${n}`,
        features: [
          {
            type: "binary" as const,
            name: "state",
            label: n === 1 ? "Lampa" : "Wentylator",
            property: `POWER${n}`,
            access: 7,
            value_on: "ON",
            value_off: "OFF",
            value_toggle: "TOGGLE",
            endpoint: `l${n}`,
          },
        ],
      })),
    };
    renderDevice(dual, { POWER1: "OFF", POWER2: "ON" });
    expect(screen.getByRole("switch", { name: "Wentylator (l2)" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Lampa (l1)" }).getAttribute("aria-checked")).toBe("false");
    cleanup();
    renderDevice(householdDevice("Living room valve"), householdState("Living room valve"));
    expect(screen.getByRole("group", { name: "Temperatura zadana" })).toBeTruthy();
  });
});

describe("capability tiles: every control goes through the one command pattern", () => {
  it("a toggle sends {property, endpoint, value} and stays pending until device/<id>/state reports it", async () => {
    const device = householdDevice("Hall relay");
    const { store, requests } = renderDevice(device, householdState("Hall relay"));
    const relay2 = screen.getByRole("switch", { name: "Stan (l2)" });
    fireEvent.click(relay2);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: "POST",
      path: setPath("Hall relay"),
      body: { property: "state_l2", endpoint: "l2", value: "ON" },
    });
    await waitFor(() => expect(relay2.getAttribute("aria-busy")).toBe("true"));
    expect(relay2.getAttribute("aria-checked")).toBe("false");
    act(() => publishState(store, device.id, { ...householdState("Hall relay"), state_l2: "ON" }));
    await waitFor(() => expect(relay2.getAttribute("aria-busy")).toBeNull());
    expect(relay2.getAttribute("aria-checked")).toBe("true");
  });

  it("without the device's confirmation within 5 s the control returns to the reported state with a Polish toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const notify = vi.fn();
    renderDevice(householdDevice("Kitchen plug"), householdState("Kitchen plug"), { notify });
    const state = screen.getByRole("switch", { name: "Stan" });
    fireEvent.click(state);
    await waitFor(() => expect(state.getAttribute("aria-busy")).toBe("true"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5100);
    });
    await waitFor(() => expect(state.getAttribute("aria-busy")).toBeNull());
    expect(notify).toHaveBeenCalledWith("Urządzenie nie potwierdziło zmiany.", "error");
    expect(state.getAttribute("aria-checked")).toBe("true");
  });

  it("a slider sends once on release, not on every move; a cover counts its next report as confirmation", async () => {
    const device = householdDevice("Bedroom blind");
    const { store, requests } = renderDevice(device, householdState("Bedroom blind"));
    const position = screen.getByRole("slider", { name: "Pozycja" }) as HTMLInputElement;
    fireEvent.change(position, { target: { value: "70" } });
    fireEvent.change(position, { target: { value: "50" } });
    expect(requests).toHaveLength(0);
    expect(position.getAttribute("aria-valuetext")).toBe("50 %");
    fireEvent.pointerUp(position);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ property: "position", value: 50 });
    await waitFor(() => expect(position.getAttribute("aria-busy")).toBe("true"));
    act(() => publishState(store, device.id, { ...householdState("Bedroom blind"), position: 88 }));
    await waitFor(() => expect(position.getAttribute("aria-busy")).toBeNull());
    expect(position.value).toBe("88");
  });

  it("a slider is keyboard usable: an arrow key's release sends the new value", async () => {
    const { requests } = renderDevice(householdDevice("Living room bulb"), householdState("Living room bulb"));
    const brightness = screen.getByRole("slider", { name: "Jasność" }) as HTMLInputElement;
    brightness.focus();
    fireEvent.change(brightness, { target: { value: "181" } });
    fireEvent.keyUp(brightness, { key: "ArrowRight" });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ property: "brightness", value: 181 });
    expect(document.activeElement).toBe(brightness);
  });

  it("the set point stepper sends one step (0.5 °C) and a cover button its state value", async () => {
    const valve = householdDevice("Living room valve");
    const { requests } = renderDevice(valve, householdState("Living room valve"));
    fireEvent.click(screen.getByRole("button", { name: "Więcej: Temperatura zadana" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: "POST",
      path: setPath("Living room valve"),
      body: { property: "occupied_heating_setpoint", value: 21.5 },
    });
    cleanup();
    const blind = renderDevice(householdDevice("Bedroom blind"), householdState("Bedroom blind"));
    fireEvent.click(screen.getByRole("button", { name: "Zatrzymaj" }));
    await waitFor(() => expect(blind.requests).toHaveLength(1));
    expect(blind.requests[0]?.body).toEqual({ property: "state", value: "STOP" });
  });

  it("a device the registry has offline says 'Niedostępne' and its controls are disabled with the gate's reason", () => {
    const { requests } = renderDevice(householdDevice("Hall relay", "offline"), householdState("Hall relay"));
    expect(screen.getByTestId("device-status").textContent).toContain("Niedostępne");
    const relay1 = screen.getByRole("switch", { name: "Stan (l1)" }) as HTMLButtonElement;
    expect(relay1.disabled).toBe(true);
    expect(relay1.title).toBe("Urządzenie jest niedostępne.");
    fireEvent.click(relay1);
    expect(requests).toHaveLength(0);
  });

  it("a lock asks before it opens: 'Anuluj' sends nothing, confirming sends UNLOCK; locking goes at once", async () => {
    const { requests } = renderDevice(householdDevice("Front door lock"), householdState("Front door lock"));
    expect(within(screen.getByTestId("capability-state")).getByText("Zamknięty")).toBeTruthy();
    expect(screen.queryByTestId("capability-lock_state")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Zamknij" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ property: "state", value: "LOCK" });
    const unlock = screen.getAllByRole("button", { name: "Otwórz" })[0] as HTMLButtonElement;
    await waitFor(() => expect(unlock.disabled).toBe(false));
    fireEvent.click(unlock);
    const dialog = screen.getByRole("dialog", { name: "Otworzyć zamek: Urządzenie testowe?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));
    expect(requests).toHaveLength(1);
    fireEvent.click(unlock);
    fireEvent.click(within(dialog).getByRole("button", { name: "Otwórz" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({ property: "state", value: "UNLOCK" });
  });

  it("a lock not fully locked says so beside its state", () => {
    renderDevice(householdDevice("Front door lock"), {
      ...householdState("Front door lock"),
      lock_state: "not_fully_locked",
    });
    expect(screen.getByTestId("capability-lock_state").textContent).toBe("ZamekNiedomknięty");
  });
});

describe("capability tiles: what they cannot draw breaks nothing", () => {
  it("unknown types, leaves without property, a list and hostile keys draw nothing; the valid ones beside them still work", () => {
    const device: Device = {
      ...householdDevice("Kitchen plug"),
      capabilities: [
        { type: "gradient" },
        { type: "binary", name: "state" },
        null,
        JSON.parse('{"__proto__": {"polluted": true}, "type": "numeric", "name": "x", "property": "x", "access": 1}'),
        { type: "list", name: "gradient", property: "gradient", access: 7, item_type: { type: "text", name: "hex" } },
        { type: "composite", name: "deep", features: "nope" },
        ...householdDevice("Kitchen plug").capabilities,
      ] as unknown as Device["capabilities"],
    };
    renderDevice(device, householdState("Kitchen plug"));
    expect(screen.getByRole("switch", { name: "Stan" })).toBeTruthy();
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(screen.queryByTestId("capability-gradient")).toBeNull();
  });

  it("a device without capabilities (unsupported) says so and shows its raw state", () => {
    renderDevice({ ...householdDevice("Kitchen plug"), capabilities: [] }, { state: "ON", mystery: 7 });
    expect(screen.getByText("To urządzenie nie ma elementów sterowania.")).toBeTruthy();
    expect(screen.getByText("mystery").nextSibling?.textContent).toBe("7");
    expect(screen.queryByRole("switch")).toBeNull();
  });
});
