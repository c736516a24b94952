import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../../features/auth/atoms";
import { SessionActions } from "../../features/auth/components/SessionActions";
import { preferencesAtom } from "../../features/preferences/atoms";
import { PreferencesForm } from "../../features/preferences/components/PreferencesForm";
import { DEFAULT_PREFERENCES } from "../../features/preferences/schemas";
import { createAppStore } from "../store";
import { fakeClient, renderWithApp, type Canned, type Recorded } from "./helpers";

afterEach(cleanup);

function setup(answer: (request: Recorded) => Canned) {
  const { client, requests } = fakeClient(answer);
  const notify = vi.fn();
  const store = createAppStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  renderWithApp(
    <>
      <SessionActions auth={client} notify={notify} />
      <PreferencesForm auth={client} notify={notify} />
    </>,
    store,
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

  it("'Wyloguj' deletes the session and returns to the login form state", async () => {
    const { store, requests } = setup(() => ({ status: 200, body: { item: { revoked: "abc" } } }));
    fireEvent.click(screen.getByRole("button", { name: "Wyloguj" }));
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "loggedOut" }));
    expect(requests[0]).toMatchObject({ method: "DELETE", path: "/session" });
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

  it("reverts a preference and notifies when saving fails", async () => {
    const { store, notify } = setup(() => ({ status: 500, body: { code: "INTERNAL", message: "x" } }));
    fireEvent.click(screen.getByRole("switch", { name: "Blokada powiększenia" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("Nie udało się zapisać zmiany", "error"));
    expect(store.get(preferencesAtom).zoomState).toBe("unlocked");
    expect(screen.getByRole<HTMLInputElement>("switch", { name: "Blokada powiększenia" }).checked).toBe(false);
  });
});
