import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, renderWithApp } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { applyLiveBatch } from "../../../platform/live/apply";
import { serverReachableAtom } from "../../../platform/offline/atoms";
import { switchesAtom } from "../atoms";
import { ChosenSwitches } from "./ChosenSwitches";
import { ReloadSwitchesButton } from "./ReloadSwitchesButton";

afterEach(cleanup);

/**
 * The control's accessible description as a screen reader gets it (accname 1.2): the texts of the
 * elements its aria-describedby names, hidden ones included; without aria-describedby, its `title`.
 */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby");
  if (ids === null) return element.getAttribute("title") ?? "";
  return ids
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

/** A logged-in home with the chosen switch 'lampa_salon' ('Lampa w salonie') and the reload button. */
function renderSwitches() {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  store.set(switchesAtom, [{ name: "lampa_salon", label: "Lampa w salonie", purpose: "light" }]);
  const live = (topic: string, value: unknown) =>
    act(() => applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]])));
  renderWithApp(
    <>
      <ChosenSwitches settingKey="dashboardSwitches" />
      <ReloadSwitchesButton />
    </>,
    store,
  );
  live("settings/dashboardSwitches", ["lampa_salon"]);
  live("power/lampa_salon/POWER", { state: "ON" });
  const control = () => screen.getByRole<HTMLButtonElement>("switch", { name: "Lampa w salonie" });
  const reload = () => screen.getByRole<HTMLButtonElement>("button", { name: "Wczytaj przełączniki z huba" });
  return { store, live, control, reload };
}

describe("a gated control tells why it cannot act (its gate's reason: on hover and to a screen reader)", () => {
  it("may act: no reason; the switch's description is its state's word", () => {
    const { control, reload } = renderSwitches();
    expect(control().disabled).toBe(false);
    expect(control().getAttribute("title")).toBeNull();
    expect(description(control())).toBe("Włączony");
    expect(reload().getAttribute("title")).toBeNull();
  });

  it("offline: 'Brak połączenia: nic nie zostanie wysłane.'", () => {
    const { store, control, reload } = renderSwitches();
    act(() => store.set(serverReachableAtom, false));
    expect(control().disabled).toBe(true);
    expect(control().getAttribute("title")).toBe("Brak połączenia: nic nie zostanie wysłane.");
    expect(description(control())).toBe("Włączony Brak połączenia: nic nie zostanie wysłane.");
    expect(reload().getAttribute("title")).toBe("Brak połączenia: nic nie zostanie wysłane.");
    expect(description(reload())).toBe("Brak połączenia: nic nie zostanie wysłane.");
  });

  it("locked: 'Sesja zablokowana: najpierw odblokuj ją PIN-em.'", () => {
    const { store, control } = renderSwitches();
    act(() => store.set(sessionAtom, { status: "locked" }));
    expect(control().disabled).toBe(true);
    expect(description(control())).toBe("Włączony Sesja zablokowana: najpierw odblokuj ją PIN-em.");
  });

  it("device unavailable: 'Urządzenie jest niedostępne.' beside the state's 'Niedostępne'", () => {
    const { live, control } = renderSwitches();
    live("availability/lampa_salon", { state: "offline" });
    expect(control().disabled).toBe(true);
    expect(control().getAttribute("title")).toBe("Urządzenie jest niedostępne.");
    expect(description(control())).toBe("Niedostępne Urządzenie jest niedostępne.");
    live("availability/lampa_salon", { state: "online" });
    expect(control().disabled).toBe(false);
    expect(description(control())).toBe("Włączony");
  });
});
