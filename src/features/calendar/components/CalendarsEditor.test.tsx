import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CalendarView } from "../../../../contract/calendar";
import { sessionAtom } from "../../../platform/auth/atoms";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import { CalendarsEditor } from "./CalendarsEditor";

afterEach(cleanup);

const FAILING: CalendarView = {
  id: "0a1b2c3d",
  label: "Rodzina",
  colour: "#e91e63",
  enabled: true,
  address: "https://calendar.google.com/…",
  fetchedAt: "2026-11-27T08:00:00.000Z",
  events: 4,
  error: { code: "http", status: 404, at: "2026-11-27T09:00:00.000Z" },
};

function setup(calendars: CalendarView[]) {
  const list = [...calendars];
  const api = fakeClient((request: Recorded) => {
    if (request.method === "GET") return { status: 200, body: { items: list } };
    if (request.method === "POST" && request.path === "/calendars") {
      const body = request.body as { label: string; colour: string };
      const added: CalendarView = {
        ...FAILING,
        id: "11112222",
        label: body.label,
        colour: body.colour,
        error: null,
        address: "https://cloud.example/…",
      };
      list.push(added);
      return { status: 200, body: { item: added } };
    }
    return { status: 404, body: { code: "NOT_FOUND", message: "no" } };
  });
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  renderWithApp(<CalendarsEditor />, store, { api: { general: api.client } });
  return api.requests;
}

describe("the menu's calendars", () => {
  it("shows each calendar's last good fetch and its error in Polish, with its masked address", async () => {
    setup([FAILING]);
    const item = await screen.findByTestId("calendar-item");
    expect(within(item).getByText("https://calendar.google.com/…")).toBeTruthy();
    expect(item.textContent).toContain("wydarzeń w najbliższych 14 dniach: 4");
    expect(within(item).getByTestId("calendar-error").textContent).toContain(
      "Serwer kalendarza odpowiedział błędem HTTP 404.",
    );
    expect(item.textContent).toContain("pokazujemy wydarzenia z ostatniego udanego pobrania");
  });

  it("the form refuses an empty name and a non-http address in Polish, then adds with POST /calendars", async () => {
    const requests = setup([]);
    await screen.findByText("Brak kalendarzy. Dodaj pierwszy poniżej.");
    fireEvent.click(screen.getByRole("button", { name: "Dodaj kalendarz" }));
    expect(await screen.findByText("Podaj nazwę kalendarza.")).toBeTruthy();
    expect(screen.getByText("Podaj adres ICS kalendarza.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nazwa"), { target: { value: "Szkoła" } });
    fireEvent.change(screen.getByLabelText("Adres ICS"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Dodaj kalendarz" }));
    expect(await screen.findByText("Podaj adres zaczynający się od https:// lub http://.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Adres ICS"), {
      target: { value: "webcal://cloud.example/remote.php/dav/public-calendars/abc?export" },
    });
    fireEvent.click(screen.getByLabelText("Kolor #4caf50"));
    fireEvent.click(screen.getByRole("button", { name: "Dodaj kalendarz" }));
    await waitFor(() => expect(screen.getByTestId("calendar-item").textContent).toContain("Szkoła"));
    expect(requests.find((request) => request.method === "POST")).toMatchObject({
      path: "/calendars",
      body: {
        label: "Szkoła",
        colour: "#4caf50",
        // as typed: the hub reads webcal: as https: (hub/calendar/calendar.test.ts)
        url: "webcal://cloud.example/remote.php/dav/public-calendars/abc?export",
        enabled: true,
      },
    });
  });
});
