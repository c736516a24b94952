import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configAtom } from "../../../platform/config";
import { applyLiveBatch } from "../../../platform/live/apply";
import { serverReachableAtom } from "../../../platform/offline/atoms";
import { switchesAtom, switchesWithoutPurposeCountAtom } from "../atoms";
import { SwitchesBadge } from "./SwitchesBadge";
import { SwitchesList } from "./SwitchesList";
import { renderWithApp, createTestStore, fakeClient } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";

afterEach(cleanup);

/** The demo household's switches (hub/household/demo.json). */
const DEMO_SWITCHES = [
  { name: "lampa_salon", label: "Lampa w salonie", purpose: "light" },
  { name: "listwa", label: "Listwa w biurze", purpose: null },
  { name: "pompa", label: "Pompa ogrodowa", purpose: null },
];
const DEMO_GROUPS = [
  { name: "Salon", items: ["lampa_salon"] },
  { name: "Biuro", items: ["listwa/1", "listwa/2", "listwa/3"] },
  { name: "Ogród", items: ["pompa"] },
];

function renderScreen(switches = DEMO_SWITCHES, switchesList = DEMO_GROUPS) {
  const store = createTestStore();
  store.set(switchesAtom, switches);
  store.set(configAtom, { mqttConnectionString: "ws://hub.test/mqtt", switchesList });
  renderWithApp(
    <>
      <SwitchesBadge descriptionId="badge-description" />
      <SwitchesList />
    </>,
    store,
  );
  return store;
}

describe("switches screen vs the bar's badge (spec §2 badge, §3 switch definitions)", () => {
  it("marks each switch without a purpose once, as many as the badge counts", () => {
    const store = renderScreen();
    expect(store.get(switchesWithoutPurposeCountAtom)).toBe(2);
    expect(screen.getByTestId("switches-badge").textContent).toMatch(/^2/);
    expect(screen.getAllByTestId("switch-no-purpose")).toHaveLength(2);
    expect(screen.getAllByText("bez przeznaczenia")).toHaveLength(2);
  });

  it("puts a switch in no group last, under 'Pozostałe' beside the named groups; with no groups at all, no heading", () => {
    renderScreen([...DEMO_SWITCHES, { name: "grzejnik", label: "Grzejnik w salonie", purpose: null }]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Salon",
      "Biuro",
      "Ogród",
      "Pozostałe",
    ]);
    expect(within(screen.getByRole("region", { name: "Pozostałe" })).getByText("Grzejnik w salonie")).toBeTruthy();
    cleanup();
    renderScreen(DEMO_SWITCHES, []);
    expect(screen.queryAllByRole("heading", { level: 2 })).toHaveLength(0);
    expect(screen.getByText("Pompa ogrodowa")).toBeTruthy();
  });

  it("lists the relays of one switch under it, each with its live state", () => {
    renderScreen();
    const listwa = screen.getByTestId("switch-entry-listwa");
    expect(within(listwa).getByText("Listwa w biurze")).toBeTruthy();
    expect(within(listwa).getByText("bez przeznaczenia")).toBeTruthy();
    expect(
      within(listwa)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["przekaźnik 1Brak danych", "przekaźnik 2Brak danych", "przekaźnik 3Brak danych"]);
    expect(within(screen.getByTestId("switch-entry-lampa_salon")).queryByText("bez przeznaczenia")).toBeNull();
  });

  it("marks a switch listed in two groups only once, and a switch in no group at the end", () => {
    renderScreen(
      [...DEMO_SWITCHES, { name: "wentylator", label: "Wentylator", purpose: "" }],
      [
        { name: "Biuro", items: ["listwa/1"] },
        { name: "Warsztat", items: ["listwa/2", "pompa", "nieznany"] },
      ],
    );
    expect(screen.getAllByText("bez przeznaczenia")).toHaveLength(3);
    expect(screen.getByTestId("switches-badge").textContent).toMatch(/^3/);
    expect(within(screen.getByTestId("switch-entry-nieznany")).queryByText("bez przeznaczenia")).toBeNull();
  });

  it("without switches says so and where they are added", () => {
    renderScreen([], []);
    expect(screen.getByRole("heading", { name: "Brak przełączników" })).toBeTruthy();
    expect(screen.getByText(/konfiguracji domu w hubie/)).toBeTruthy();
  });

  it("each relay and whole switch is a switch control named by its labels, checked when on", () => {
    const store = renderScreen();
    const live = (topic: string, value: unknown) =>
      applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]]));
    act(() => {
      live("power/listwa/POWER2", { state: "ON" });
      live("power/lampa_salon/POWER", { state: "OFF" });
    });
    const relay2 = screen.getByRole("switch", { name: "Listwa w biurze przekaźnik 2" });
    expect(relay2.getAttribute("aria-checked")).toBe("true");
    expect(relay2.textContent).toContain("Włączony");
    const lamp = screen.getByRole("switch", { name: "Lampa w salonie" });
    expect(lamp.getAttribute("aria-checked")).toBe("false");
    expect((lamp as HTMLButtonElement).disabled).toBe(false);
  });

  it("a device whose LWT says Offline shows 'Niedostępne' and its controls are disabled; offline disables every control", () => {
    const store = renderScreen();
    act(() =>
      applyLiveBatch(
        store,
        new Map([["availability/listwa", { value: { state: "offline" }, receivedAt: Date.now() }]]),
      ),
    );
    const relay1 = screen.getByRole("switch", { name: "Listwa w biurze przekaźnik 1" }) as HTMLButtonElement;
    expect(relay1.disabled).toBe(true);
    expect(relay1.textContent).toContain("Niedostępne");
    expect((screen.getByRole("switch", { name: "Pompa ogrodowa" }) as HTMLButtonElement).disabled).toBe(false);
    act(() => store.set(serverReachableAtom, false));
    expect((screen.getByRole("switch", { name: "Pompa ogrodowa" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the edit form loads the hub's current definition with GET /config/switches/{id}, then saves with PATCH and reloads; the badge counts the new purpose", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    store.set(switchesAtom, DEMO_SWITCHES);
    store.set(configAtom, { mqttConnectionString: "ws://hub.test/mqtt", switchesList: DEMO_GROUPS });
    const edited = { name: "pompa", label: "Pompa w ogrodzie", purpose: "garden" };
    const { client, requests } = fakeClient((request) => {
      if (request.method === "GET")
        return {
          status: 200,
          body: { item: { name: "pompa", label: "Pompa przy altanie", purpose: "podlewanie" } },
          delayMs: 30,
        };
      if (request.path === "/config/switches/reload")
        return { status: 200, body: { items: DEMO_SWITCHES.map((item) => (item.name === "pompa" ? edited : item)) } };
      return { status: 200, body: { item: edited } };
    });
    renderWithApp(
      <>
        <SwitchesBadge descriptionId="badge-description" />
        <SwitchesList />
      </>,
      store,
      { api: { general: client } },
    );
    expect(screen.getByTestId("switches-badge").textContent).toMatch(/^2/);
    fireEvent.click(screen.getByRole("button", { name: "Edytuj: Pompa ogrodowa" }));
    expect(screen.getByRole("status").textContent).toBe("Wczytywanie ustawień przełącznika z huba…");
    const form = await screen.findByRole("form", { name: "Edycja: Pompa ogrodowa" });
    expect((within(form).getByLabelText("Nazwa") as HTMLInputElement).value).toBe("Pompa przy altanie");
    expect((within(form).getByLabelText("Przeznaczenie") as HTMLInputElement).value).toBe("podlewanie");
    fireEvent.change(within(form).getByLabelText("Nazwa"), { target: { value: "Pompa w ogrodzie" } });
    fireEvent.change(within(form).getByLabelText("Przeznaczenie"), { target: { value: "garden" } });
    fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
    await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
    expect(requests).toMatchObject([
      { method: "GET", path: "/config/switches/pompa" },
      {
        method: "PATCH",
        path: "/config/switches/pompa",
        body: { config: { label: "Pompa w ogrodzie", purpose: "garden" } },
      },
      { method: "POST", path: "/config/switches/reload", body: {} },
    ]);
    expect(screen.getByTestId("switches-badge").textContent).toMatch(/^1/);
    expect(screen.getByRole("switch", { name: "Pompa w ogrodzie" })).toBeTruthy();
  });

  it("a failed load of the definition says so in Polish and 'Spróbuj ponownie' loads it again", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    store.set(switchesAtom, DEMO_SWITCHES);
    store.set(configAtom, { mqttConnectionString: "ws://hub.test/mqtt", switchesList: DEMO_GROUPS });
    let fail = true;
    const { client } = fakeClient(() =>
      fail ? { status: 500, body: { code: "INTERNAL" } } : { status: 200, body: { item: DEMO_SWITCHES[2] } },
    );
    renderWithApp(<SwitchesList />, store, { api: { general: client } });
    fireEvent.click(screen.getByRole("button", { name: "Edytuj: Pompa ogrodowa" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Nie udało się wczytać ustawień przełącznika z huba.");
    expect(screen.queryByRole("form")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Spróbuj ponownie" }));
    const form = await screen.findByRole("form", { name: "Edycja: Pompa ogrodowa" });
    expect((within(form).getByLabelText("Nazwa") as HTMLInputElement).value).toBe("Pompa ogrodowa");
  });

  it("'Wczytaj przełączniki z huba' replaces the definitions with POST /config/switches/reload's answer", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    store.set(switchesAtom, DEMO_SWITCHES);
    store.set(configAtom, { mqttConnectionString: "ws://hub.test/mqtt", switchesList: DEMO_GROUPS });
    const reloaded = DEMO_SWITCHES.map((item) =>
      item.name === "listwa" ? { ...item, label: "Listwa przy biurku" } : item,
    );
    const { client, requests } = fakeClient(() => ({ status: 200, body: { items: reloaded } }));
    renderWithApp(<SwitchesList />, store, { api: { general: client } });
    fireEvent.click(screen.getByRole("button", { name: "Wczytaj przełączniki z huba" }));
    expect(await screen.findByRole("switch", { name: "Listwa przy biurku przekaźnik 1" })).toBeTruthy();
    expect(requests).toMatchObject([{ method: "POST", path: "/config/switches/reload", body: {} }]);
  });

  it("refuses an empty label without sending anything", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    store.set(switchesAtom, DEMO_SWITCHES);
    store.set(configAtom, { mqttConnectionString: "ws://hub.test/mqtt", switchesList: DEMO_GROUPS });
    const { client, requests } = fakeClient(() => ({ status: 200, body: { item: DEMO_SWITCHES[1] } }));
    renderWithApp(<SwitchesList />, store, { api: { general: client } });
    fireEvent.click(screen.getByRole("button", { name: "Edytuj: Listwa w biurze" }));
    fireEvent.change(await screen.findByLabelText("Nazwa"), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Zapisz" }));
    expect(screen.getByRole("alert").textContent).toBe("Pole wymagane");
    expect(requests.map((request) => request.method)).toEqual(["GET"]);
  });
});
