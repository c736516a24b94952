import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configAtom } from "../../config";
import { switchesAtom, switchesWithoutPurposeCountAtom } from "../atoms";
import { SwitchesBadge } from "./SwitchesBadge";
import { SwitchesList } from "./SwitchesList";
import { renderWithApp, createTestStore } from "../../../test/render";

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

  it("lists the relays of one switch under it, each with its live state", () => {
    renderScreen();
    const listwa = screen.getByTestId("switch-entry-listwa");
    expect(within(listwa).getByText("Listwa w biurze")).toBeTruthy();
    expect(within(listwa).getByText("bez przeznaczenia")).toBeTruthy();
    expect(within(listwa).getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "przekaźnik 1Brak danych",
      "przekaźnik 2Brak danych",
      "przekaźnik 3Brak danych",
    ]);
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
});
