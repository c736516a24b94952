import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../../platform/auth/atoms";
import { SessionActions } from "../../platform/auth/components/SessionActions";
import { WakeLockToggle } from "../../platform/kiosk/components/WakeLockToggle";
import { isDialogOpen } from "../../platform/kiosk/idle";
import { appUiAtom, preferencesAtom } from "../../platform/preferences/atoms";
import { DeviceLayoutField } from "../../platform/preferences/components/DeviceLayoutField";
import { PreferencesForm } from "../../platform/preferences/components/PreferencesForm";
import { SettingsSection } from "../../platform/preferences/components/SettingsSection";
import { DEVICE_APP_UI_KEY } from "../../platform/preferences/deviceLayout";
import { DEFAULT_PREFERENCES } from "../../platform/preferences/schemas";
import { createAppStore } from "../store";
import { fakeClient, renderWithApp, type Canned, type Recorded } from "../../test/render";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function setup(answer: (request: Recorded) => Canned) {
  const { client, requests } = fakeClient(answer);
  const notify = vi.fn();
  const store = createAppStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  // The sections of the /menu route (src/routes/menu.tsx).
  renderWithApp(
    <>
      <SettingsSection title="Sesja">
        <SessionActions />
      </SettingsSection>
      <SettingsSection title="To urządzenie">
        <DeviceLayoutField />
        <WakeLockToggle />
      </SettingsSection>
      <SettingsSection title="Konto">
        <PreferencesForm />
      </SettingsSection>
    </>,
    store,
    { api: { auth: client }, notify },
  );
  return { store, requests, notify };
}

const echoPreferences = (request: Recorded): Canned => {
  const body = request.body;
  const patch = typeof body === "object" && body !== null && "preferences" in body ? body.preferences : {};
  return { status: 200, body: { item: { ...DEFAULT_PREFERENCES, ...(typeof patch === "object" ? patch : {}) } } };
};

describe("menu (UI contract)", () => {
  it("'Zablokuj sesję' locks the session on the hub, then shows the PIN screen state", async () => {
    const { store, requests } = setup(() => ({ status: 200, body: { item: { locked: true } } }));
    expect(screen.getByText("Zalogowano jako demo")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Zablokuj sesję" }));
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
    expect(requests[0]).toMatchObject({ method: "POST", path: "/session/lock" });
  });

  it("'Wyloguj' asks first in a modal dialog, focused on 'Anuluj', which the kiosk sees as open", () => {
    const { store, requests } = setup(() => ({ status: 200, body: { item: { revoked: "abc" } } }));
    fireEvent.click(screen.getByRole("button", { name: "Wyloguj" }));
    const dialog = screen.getByRole("dialog", { name: "Wylogować z tego urządzenia?" });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(isDialogOpen(document)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Anuluj" }));
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(requests).toHaveLength(0);
    expect(store.get(sessionAtom)).toEqual({ status: "loggedIn", login: "demo" });
  });

  it("'Anuluj' closes the dialog (after its 300 ms closing animation) and keeps the session", async () => {
    const { store, requests } = setup(() => ({ status: 200, body: { item: { revoked: "abc" } } }));
    fireEvent.click(screen.getByRole("button", { name: "Wyloguj" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Anuluj" }));
    expect(document.querySelector("dialog")?.hasAttribute("data-closing")).toBe(true);
    await waitFor(() => expect(document.querySelector("dialog")?.hasAttribute("open")).toBe(false));
    expect(isDialogOpen(document)).toBe(false);
    expect(requests).toHaveLength(0);
    expect(store.get(sessionAtom)).toEqual({ status: "loggedIn", login: "demo" });
  });

  it("'Wyloguj' in the dialog deletes the session and returns to the login form state", async () => {
    const { store, requests } = setup(() => ({ status: 200, body: { item: { revoked: "abc" } } }));
    fireEvent.click(screen.getByRole("button", { name: "Wyloguj" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Wyloguj" }));
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "loggedOut" }));
    expect(requests[0]).toMatchObject({ method: "DELETE", path: "/session" });
  });

  it("says what every setting does, linked to it with aria-describedby", () => {
    setup(echoPreferences);
    const names = ["Ekran zawsze włączony", "Układ samochodowy", "Blokada powiększenia", "Powiadomienia"];
    const switches = names.map((name) => screen.getByRole("switch", { name }));
    expect(screen.getAllByRole("switch")).toHaveLength(names.length);
    for (const control of [
      ...switches,
      screen.getByRole("combobox", { name: "Język" }),
      screen.getByRole("group", { name: "Układ na tym urządzeniu" }),
    ]) {
      const describedBy = control.getAttribute("aria-describedby");
      expect(describedBy, control.id).toBeTruthy();
      expect(document.getElementById(describedBy ?? "")?.textContent?.length).toBeGreaterThan(10);
    }
    expect(screen.getByRole("switch", { name: "Blokada powiększenia" })).toHaveProperty("type", "checkbox");
  });

  it("shows each switch's state in words, not by colour alone", () => {
    setup(echoPreferences);
    const alerts = screen.getByRole("switch", { name: "Powiadomienia" });
    const zoom = screen.getByRole("switch", { name: "Blokada powiększenia" });
    expect(alerts.closest(".toggle-field")?.textContent).toContain("Wł.");
    expect(zoom.closest(".toggle-field")?.textContent).toContain("Wył.");
  });

  it("groups the settings under 'To urządzenie' and 'Konto'", () => {
    setup(echoPreferences);
    const device = screen.getByRole("region", { name: "To urządzenie" });
    const account = screen.getByRole("region", { name: "Konto" });
    expect(within(device).getByRole("switch", { name: "Ekran zawsze włączony" })).toBeTruthy();
    expect(within(device).getByRole("radio", { name: /^Samochodowy/ })).toBeTruthy();
    expect(within(account).getByRole("switch", { name: "Układ samochodowy" })).toBeTruthy();
    expect(within(account).getByRole("combobox", { name: "Język" })).toBeTruthy();
  });

  it("'Układ na tym urządzeniu' overrides the account's layout on this device only, without calling the hub", () => {
    const { store, requests } = setup(echoPreferences);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Jak na koncie (teraz: standardowy)" }).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("radio", { name: /^Samochodowy/ }));
    expect(store.get(appUiAtom)).toBe("car");
    expect(store.get(preferencesAtom).appUi).toBe("standard");
    expect(localStorage.getItem(DEVICE_APP_UI_KEY)).toBe("car");
    expect(requests).toHaveLength(0);

    fireEvent.click(screen.getByRole("radio", { name: /^Jak na koncie/ }));
    expect(localStorage.getItem(DEVICE_APP_UI_KEY)).toBeNull();
    expect(store.get(appUiAtom)).toBe("standard");
  });

  it("a device that chose 'Standardowy' keeps it when the account switches to the car layout", async () => {
    localStorage.setItem(DEVICE_APP_UI_KEY, "standard");
    const { store } = setup(echoPreferences);
    fireEvent.click(screen.getByRole("switch", { name: "Układ samochodowy" }));
    await waitFor(() => expect(store.get(preferencesAtom).appUi).toBe("car"));
    expect(store.get(appUiAtom)).toBe("standard");
    expect(screen.getByRole("radio", { name: "Jak na koncie (teraz: samochodowy)" })).toBeTruthy();
  });

  it("'Układ samochodowy' switches appUi to car and PATCHes the preferences", async () => {
    const { store, requests } = setup(echoPreferences);
    fireEvent.click(screen.getByRole("switch", { name: "Układ samochodowy" }));
    expect(store.get(preferencesAtom).appUi).toBe("car");
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({ method: "PATCH", path: "/preferences", body: { preferences: { appUi: "car" } } });
  });

  it("the language select offers Polski and English and saves the locale", async () => {
    const { store, requests } = setup(echoPreferences);
    const select = screen.getByRole("combobox", { name: "Język" });
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["Polski", "English"]);
    fireEvent.change(select, { target: { value: "en" } });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(store.get(preferencesAtom).locale).toBe("en");
  });

  it("the start screen select offers the app's routes by name (the car dashboard only in the car layout, spec §2) and saves defaultRoute", async () => {
    const { store, requests } = setup(echoPreferences);
    const select = screen.getByRole("combobox", { name: "Ekran startowy" });
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Ekran główny",
      "Pogoda",
      "Menu",
      "Przełączniki",
      "Kamery",
    ]);
    expect(select.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.change(select, { target: { value: "/weather" } });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: "PATCH",
      path: "/preferences",
      body: { preferences: { defaultRoute: "/weather" } },
    });
    expect(store.get(preferencesAtom).defaultRoute).toBe("/weather");
  });

  it("reverts a preference and notifies when saving fails", async () => {
    const { store, notify } = setup(() => ({ status: 500, body: { code: "INTERNAL", message: "x" } }));
    fireEvent.click(screen.getByRole("switch", { name: "Blokada powiększenia" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("Nie udało się zapisać zmiany", "error"));
    expect(store.get(preferencesAtom).zoomState).toBe("unlocked");
    expect(screen.getByRole<HTMLInputElement>("switch", { name: "Blokada powiększenia" }).checked).toBe(false);
  });
});
