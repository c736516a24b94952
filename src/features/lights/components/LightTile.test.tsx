import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LightFeatures, LightState } from "../../../../contract/lights";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { liveValueAtom } from "../../../platform/live/atoms";
import { serverReachableAtom } from "../../../platform/offline/atoms";
import { LightTile } from "./LightTile";

afterEach(cleanup);

const CT_BULB: LightFeatures = {
  id: "lampa",
  device: "lampa",
  source: "zigbee2mqtt",
  label: "Lampa w sypialni",
  brightness: { min: 0, max: 254 },
  rgb: false,
  white: { min: 250, max: 454 },
  endpoint: null,
  endpoints: 1,
};

function setup(notify: (text: string, kind?: string) => void = () => undefined) {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  const requests: Recorded[] = [];
  const { client } = fakeClient((request) => {
    requests.push(request);
    return { status: 200, body: { item: { id: "lampa", sent: 1 } } };
  });
  const publish = (state: LightState) =>
    act(() => store.set(liveValueAtom("light/lampa"), { value: state, receivedAt: Date.now() }));
  publish({ state: "ON", brightness: 120, color: null, color_mode: "color_temp", color_temp: 370 });
  renderWithApp(<LightTile features={CT_BULB} />, store, { api: { auth: client, general: client }, notify });
  return { store, requests, publish };
}

describe("light tile", () => {
  it("shows the state and brightness; the switch sends POST /light/{id}/set and stays pending until light/<id> confirms", async () => {
    const { requests, publish } = setup();
    const tile = screen.getByTestId("light-lampa");
    expect(tile.textContent).toContain("Włączone · 47 %");
    fireEvent.click(within(tile).getByRole("switch", { name: "Zasilanie" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: "POST", path: "/light/lampa/set", body: { state: "OFF" } });
    expect(tile.getAttribute("data-pending")).toBe("true");
    expect(within(tile).getByRole("status").textContent).toBe("Czeka na potwierdzenie…");
    publish({ state: "OFF", brightness: 120, color: null, color_mode: "color_temp", color_temp: 370 });
    await waitFor(() => expect(tile.getAttribute("data-pending")).toBe("false"));
    expect(tile.textContent).toContain("Wyłączone");
  });

  it("the panel: brightness in its range, colour temperature in kelvin within the mired range, no colour on a CT bulb", () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Ustawienia: Lampa w sypialni" }));
    const brightness = screen.getByRole("slider", { name: "Jasność", hidden: true });
    expect([
      brightness.getAttribute("min"),
      brightness.getAttribute("max"),
      (brightness as HTMLInputElement).value,
    ]).toEqual(["0", "254", "120"]);
    const kelvin = screen.getByRole("slider", { name: "Barwa światła", hidden: true });
    expect([kelvin.getAttribute("min"), kelvin.getAttribute("max"), kelvin.getAttribute("aria-valuetext")]).toEqual([
      "2203",
      "4000",
      "2703 K",
    ]);
    expect(screen.queryByLabelText("Kolor")).toBeNull();
  });

  it("is disabled while offline and while the device is unavailable", () => {
    const { store } = setup();
    const toggle = within(screen.getByTestId("light-lampa")).getByRole("switch", { name: "Zasilanie" });
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    act(() => store.set(serverReachableAtom, false));
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    act(() => store.set(serverReachableAtom, true));
    act(() => store.set(liveValueAtom("availability/lampa"), { value: { state: "offline" }, receivedAt: Date.now() }));
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId("light-lampa").textContent).toContain("Niedostępne");
  });

  it("a device that never answers: after 5 s the control shows the real state again with 'Urządzenie nie odpowiedziało'", async () => {
    const notify = vi.fn();
    setup(notify);
    const tile = screen.getByTestId("light-lampa");
    fireEvent.click(within(tile).getByRole("switch", { name: "Zasilanie" }));
    await waitFor(() => expect(tile.getAttribute("data-pending")).toBe("true"));
    await waitFor(() => expect(tile.getAttribute("data-pending")).toBe("false"), { timeout: 7000 });
    expect(notify).toHaveBeenCalledWith("Urządzenie nie odpowiedziało", "error");
    expect((within(tile).getByRole("switch", { name: "Zasilanie" }) as HTMLInputElement).checked).toBe(true);
  }, 10_000);
});
