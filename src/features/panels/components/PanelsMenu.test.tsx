import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Panel } from "../../../../contract/panels";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { thisPanelIdAtom } from "../atoms";
import { PanelsMenu } from "./PanelsMenu";

afterEach(cleanup);

/** A panel as GET /panels lists it. */
const panel = (id: string, name: string, carButtons?: string[]): Panel => ({
  id,
  name,
  profile: {
    ...(carButtons ? { carButtons } : {}),
    lockedDown: false,
    screensaver: {
      enabled: false,
      day: { screensaverAfterS: 120, dimAfterS: 600, blackAfterS: 1800 },
      dimBrightness: 0.2,
    },
  },
  lastSeenAt: "2026-11-27T10:00:00.000Z",
  online: true,
  report: null,
});

const THIS = panel("p-this-000001", "Tablet w przedpokoju");
const KITCHEN = panel("p-kitchen-0001", "Tablet w kuchni", ["garage", "switches"]);
const CAR = [
  { id: "switches" },
  { id: "devices" },
  { id: "devices:tasmota-brama", name: "Urządzenie: Brama" },
  { id: "pv" },
  { id: "garage" },
];

/** The menu as this panel shows it, against a hub answering GET /panels, DELETE and PATCH /panels/{id}. */
function renderMenu(deleteStatus = 204) {
  const store = createTestStore();
  store.set(thisPanelIdAtom, THIS.id);
  const general = fakeClient((request) => {
    if (request.method === "GET") return { status: 200, body: { items: [KITCHEN, THIS] } };
    if (request.method === "DELETE")
      return deleteStatus === 204 ? { status: 204 } : { status: deleteStatus, body: { code: "NOT_FOUND" } };
    const body = request.body as { profile: Panel["profile"] };
    return { status: 200, body: { item: { ...KITCHEN, profile: body.profile } } };
  });
  const notices: string[] = [];
  renderWithApp(<PanelsMenu sections={["sensors", "switches"]} carSections={CAR} />, store, {
    api: { general: general.client },
    notify: (message) => notices.push(message),
  });
  return { general, notices };
}

describe("PanelsMenu: 'Usuń panel' and the car dashboard's sections in a profile", () => {
  it("'Usuń panel' asks first; 'Anuluj' deletes nothing, 'Usuń panel' sends DELETE /panels/{id} and the panel leaves the list; none for this panel", async () => {
    const { general, notices } = renderMenu();
    const list = await screen.findByTestId("panels-list");
    await within(list).findByText("Tablet w kuchni");
    expect(screen.queryByRole("button", { name: "Usuń panel Tablet w przedpokoju" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Usuń panel Tablet w kuchni" }));
    const dialog = screen.getByRole("dialog", { name: "Usunąć panel Tablet w kuchni?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));
    expect(general.requests.filter((request) => request.method === "DELETE")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Usuń panel Tablet w kuchni" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Usunąć panel Tablet w kuchni?" })).getByRole("button", {
        name: "Usuń panel",
      }),
    );
    await waitFor(() => expect(within(list).queryByText("Tablet w kuchni")).toBeNull());
    expect(general.requests.filter((request) => request.method === "DELETE")).toEqual([
      { method: "DELETE", path: "/panels/p-kitchen-0001", body: undefined },
    ]);
    expect(within(list).getByText("Tablet w przedpokoju")).toBeTruthy();
    expect(notices).toContain("Usunięto panel");
  });

  it("a refused delete keeps the panel listed and says so", async () => {
    const { notices } = renderMenu(404);
    const list = await screen.findByTestId("panels-list");
    await within(list).findByText("Tablet w kuchni");
    fireEvent.click(screen.getByRole("button", { name: "Usuń panel Tablet w kuchni" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Usunąć panel Tablet w kuchni?" })).getByRole("button", {
        name: "Usuń panel",
      }),
    );
    await waitFor(() => expect(notices).toContain("Nie udało się usunąć panelu"));
    expect(within(list).getByText("Tablet w kuchni")).toBeTruthy();
  });

  it("the profile lists the car dashboard's sections ticked in the profile's order; ticking one adopted device and 'Fotowoltaika', moved up, saves ['garage', 'pv', 'switches', 'devices:tasmota-brama']", async () => {
    const { general } = renderMenu();
    const list = await screen.findByTestId("panels-list");
    await within(list).findByText("Tablet w kuchni");
    fireEvent.click(screen.getByRole("button", { name: "Profil: Tablet w kuchni" }));
    const form = screen.getByRole("form", { name: "Profil panelu: Tablet w kuchni" });
    const car = within(form).getByRole("group", { name: "Pulpit samochodowy" });
    const rows = () =>
      within(car)
        .getAllByRole("checkbox")
        .map((box) => `${box.closest("label")?.textContent?.trim()}${(box as HTMLInputElement).checked ? " ✓" : ""}`);
    expect(rows()).toEqual([
      "Garaż i brama ✓",
      "Wybrane przełączniki ✓",
      "Urządzenia samochodowe",
      "Urządzenie: Brama",
      "Fotowoltaika",
    ]);
    fireEvent.click(within(car).getByRole("checkbox", { name: "Urządzenie: Brama" }));
    fireEvent.click(within(car).getByRole("checkbox", { name: "Fotowoltaika" }));
    for (let i = 0; i < 3; i++) fireEvent.click(within(car).getByRole("button", { name: "Wyżej: Fotowoltaika" }));
    fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
    await waitFor(() => expect(general.requests.some((request) => request.method === "PATCH")).toBe(true));
    const patch = general.requests.find((request) => request.method === "PATCH");
    expect(patch?.path).toBe("/panels/p-kitchen-0001");
    expect((patch?.body as { profile: Panel["profile"] }).profile.carButtons).toEqual([
      "garage",
      "pv",
      "switches",
      "devices:tasmota-brama",
    ]);
  });
  it("'Przejdź do ekranu' and the profile's start screen suggest the app's screens by name, and still take a typed path", async () => {
    const { general } = renderMenu();
    const list = await screen.findByTestId("panels-list");
    await within(list).findByText("Tablet w kuchni");
    fireEvent.click(screen.getByRole("button", { name: "Wyślij polecenie: Tablet w kuchni" }));
    const path = screen.getByLabelText("Ekran (ścieżka, np. /cameras)");
    const suggestions = (input: HTMLElement) =>
      [...(input as HTMLInputElement).list!.options].map(
        (option) => `${option.value} ${option.getAttribute("label") ?? ""}`,
      );
    expect(suggestions(path)).toEqual([
      "/ Ekran główny",
      "/weather Pogoda",
      "/menu Menu",
      "/switches Przełączniki",
      "/cameras Kamery",
      "/car-dashboard Pulpit samochodowy",
    ]);
    fireEvent.change(path, { target: { value: "/gps" } });
    fireEvent.click(screen.getByRole("button", { name: "Wyślij" }));
    await waitFor(() => expect(general.requests.some((request) => request.method === "POST")).toBe(true));
    expect(general.requests.find((request) => request.method === "POST")?.body).toEqual({
      target: { to: "panel", panelId: "p-kitchen-0001" },
      command: { type: "navigate", to: "/gps" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Profil: Tablet w kuchni" }));
    const form = screen.getByRole("form", { name: "Profil panelu: Tablet w kuchni" });
    expect(suggestions(within(form).getByLabelText(/Ekran startowy/))).toContain("/weather Pogoda");
  });
});
