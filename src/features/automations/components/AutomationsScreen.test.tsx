import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_AUTOMATION_ACTIONS, MAX_AUTOMATIONS, type Automation } from "../../../../contract/automations";
import type { Sensor } from "../../../../contract/sensors";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { applyLiveBatch } from "../../../platform/live/apply";
import { switchesAtom } from "../../switches";
import { AutomationNotices } from "./AutomationNotices";
import { AutomationsScreen } from "./AutomationsScreen";

afterEach(cleanup);

const SENSORS: Sensor[] = [
  {
    id: "balkon-temp",
    kind: "temp",
    place: "balcony",
    label: "Balkon",
    source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
  },
  {
    id: "drzwi",
    kind: "door",
    place: "entrance",
    label: "Drzwi wejściowe",
    source: { type: "zigbee2mqtt", device: "drzwi_wejsciowe", property: "contact" },
  },
];
const SWITCHES = [
  { name: "lampa_salon", label: "Lampa w salonie", purpose: "light" },
  { name: "listwa", label: "Listwa w biurze", purpose: null },
];

const failed: Automation = {
  id: "a1",
  name: "Ciepło rano",
  enabled: true,
  trigger: { type: "time", time: "06:30", days: [1, 2, 3, 4, 5] },
  actions: [
    { kind: "heater", mode: "comfort", temperature: 21 },
    { kind: "switch", switch: "listwa", relay: 2, state: "ON" },
  ],
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  lastRun: {
    at: "2026-11-21T05:30:00.000Z",
    cause: "time",
    ok: false,
    outcomes: [
      { kind: "heater", status: "unavailable", error: "not available: no heater on this hub" },
      { kind: "switch", status: "done" },
    ],
  },
};

function renderScreen(loaded: Automation[], answer: Parameters<typeof fakeClient>[0]) {
  const store = createTestStore();
  store.set(switchesAtom, SWITCHES);
  const general = fakeClient(answer);
  const notify = vi.fn();
  renderWithApp(
    <>
      <AutomationNotices />
      <AutomationsScreen loaded={loaded} sensors={SENSORS} />
    </>,
    store,
    { api: { general: general.client }, notify },
  );
  return { store, requests: general.requests, notify };
}

describe("automations screen", () => {
  it("shows each trigger in words and the last run with the action that was not available", () => {
    renderScreen(
      [
        failed,
        { ...failed, id: "a2", name: "Drzwi", trigger: { type: "door", sensor: "drzwi", to: "open" }, lastRun: null },
      ],
      () => ({ status: 500 }),
    );
    const [first, second] = screen.getAllByTestId("automation");
    expect(first?.textContent).toContain("W dni robocze o 06:30");
    expect(first?.textContent).toContain("Błąd");
    expect(first?.textContent).toContain("1. Ogrzewanie: niedostępne (not available: no heater on this hub)");
    expect(second?.textContent).toContain("Gdy Drzwi wejściowe: otwarcie");
    expect(second?.textContent).toContain("Jeszcze nie uruchomiona");
  });

  // Fills a whole form: slower than the 5 s default when the machine is busy.
  it(
    "the editor refuses a bad automation naming the field, sends nothing, then sends the contract's body",
    { timeout: 20_000 },
    async () => {
      const { requests } = renderScreen([], (request) => ({
        status: 200,
        body: {
          item: {
            ...(request.body as object),
            id: "new1",
            enabled: true,
            createdAt: "2026-11-22T10:00:00.000Z",
            updatedAt: "2026-11-22T10:00:00.000Z",
            lastRun: null,
          },
        },
      }));
      fireEvent.click(screen.getByRole("button", { name: "Dodaj automatyzację" }));
      const form = screen.getByRole("form", { name: "Nowa automatyzacja" });
      for (const day of ["poniedziałek", "wtorek", "środa", "czwartek", "piątek"])
        fireEvent.click(within(form).getByRole("button", { name: day }));
      fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
      expect(await within(form).findByText("Pole wymagane")).toBeTruthy();
      expect(within(form).getByText("Wybierz co najmniej jeden dzień")).toBeTruthy();
      expect(requests).toEqual([]);

      fireEvent.change(within(form).getByLabelText("Nazwa"), { target: { value: "Wieczór" } });
      fireEvent.click(within(form).getByRole("button", { name: "niedziela" }));
      fireEvent.change(within(form).getByLabelText("Rodzaj wyzwalacza"), { target: { value: "threshold" } });
      fireEvent.change(within(form).getByLabelText("Próg"), { target: { value: "-2.5" } });
      fireEvent.change(within(form).getByLabelText("Kierunek"), { target: { value: "below" } });
      fireEvent.change(within(form).getByLabelText("Rodzaj akcji 1"), { target: { value: "notify" } });
      fireEvent.change(within(form).getByLabelText("Treść powiadomienia"), { target: { value: "Mróz" } });
      fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
      await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
      expect(requests).toEqual([
        {
          method: "POST",
          path: "/automation",
          body: {
            name: "Wieczór",
            enabled: true,
            trigger: { type: "threshold", sensor: "balkon-temp", direction: "below", value: -2.5 },
            actions: [{ kind: "notify", message: "Mróz" }],
          },
        },
      ]);
      expect(screen.getByTestId("automation").textContent).toContain("Gdy Balkon (temperatura) spadnie poniżej -2.5");
    },
  );

  it("a refusal by the hub is shown with the field it names", async () => {
    renderScreen([failed], () => ({
      status: 400,
      body: { code: "BAD_REQUEST", message: "actions.1.relay: must be one of 0, 1, 2, 3 for this switch" },
    }));
    fireEvent.click(screen.getByRole("button", { name: "Edytuj: Ciepło rano" }));
    const form = screen.getByRole("form", { name: "Edycja: Ciepło rano" });
    fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
    expect(
      await within(form).findByText(
        "Hub odrzucił automatyzację: actions.1.relay: must be one of 0, 1, 2, 3 for this switch",
      ),
    ).toBeTruthy();
    expect(within(form).getByText("must be one of 0, 1, 2, 3 for this switch")).toBeTruthy();
  });

  it("'Uruchom' shows the run's result; a run announced on automation/run and a notify message reach the screen", async () => {
    const run = {
      at: "2026-11-22T20:00:00.000Z",
      cause: "manual",
      ok: true,
      outcomes: [
        { kind: "heater", status: "done" },
        { kind: "switch", status: "done" },
      ],
    };
    const { store, requests, notify } = renderScreen([failed], () => ({ status: 200, body: { item: run } }));
    fireEvent.click(screen.getByRole("button", { name: "Uruchom: Ciepło rano" }));
    await waitFor(() => expect(screen.getByTestId("automation").textContent).toContain("Powodzenie"));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(["POST /automation/a1/run"]);

    const later = {
      ...run,
      at: "2026-11-22T21:00:00.000Z",
      cause: "threshold",
      ok: false,
      outcomes: [{ kind: "heater", status: "failed", error: "hub busy" }],
    };
    act(() =>
      applyLiveBatch(store, new Map([["automation/run", { value: { id: "a1", run: later }, receivedAt: Date.now() }]])),
    );
    expect(screen.getByTestId("automation").textContent).toContain("Ogrzewanie: błąd (hub busy)");
    act(() =>
      applyLiveBatch(
        store,
        new Map([
          [
            "automation/notify",
            {
              value: { id: "n1", automation: "Ciepło rano", message: "Gotowe", time: later.at },
              receivedAt: Date.now(),
            },
          ],
        ]),
      ),
    );
    expect(notify).toHaveBeenCalledWith("Ciepło rano: Gotowe", "info");
  });

  it(
    "the hub refusing a new automation at the household's cap (409 LIMIT_REACHED) says so in Polish in the editor, and toasts",
    { timeout: 20_000 },
    async () => {
      const { requests, notify } = renderScreen([failed], () => ({
        status: 409,
        body: { code: "LIMIT_REACHED", message: "at most 200 automations per household: delete one first", limit: 200 },
      }));
      fireEvent.click(screen.getByRole("button", { name: "Dodaj automatyzację" }));
      const form = screen.getByRole("form", { name: "Nowa automatyzacja" });
      fireEvent.change(within(form).getByLabelText("Nazwa"), { target: { value: "Dzwonek" } });
      fireEvent.change(within(form).getByLabelText("Rodzaj wyzwalacza"), { target: { value: "doorbell" } });
      fireEvent.change(within(form).getByLabelText("Rodzaj akcji 1"), { target: { value: "notify" } });
      fireEvent.change(within(form).getByLabelText("Treść powiadomienia"), { target: { value: "Ktoś dzwoni" } });
      fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
      expect((await within(form).findByRole("alert")).textContent).toBe(
        "Osiągnięto limit 200 automatyzacji. Usuń którąś, aby dodać nową.",
      );
      expect(notify).toHaveBeenCalledWith("Osiągnięto limit automatyzacji", "error");
      expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(["POST /automation"]);
      expect(screen.getByRole("form", { name: "Nowa automatyzacja" })).toBeTruthy(); // still open: nothing lost
    },
  );

  // Renders 200 list items: slower than the 5 s default when the machine is busy.
  it("at the cap of 200 automations 'Dodaj automatyzację' is disabled and says why", { timeout: 20_000 }, () => {
    const many = Array.from({ length: MAX_AUTOMATIONS }, (_, index) => ({
      ...failed,
      id: `a${index}`,
      name: `Automatyzacja ${index}`,
      lastRun: null,
    }));
    renderScreen(many, () => ({ status: 500 }));
    const add = screen.getByRole("button", { name: "Dodaj automatyzację" });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(add.getAttribute("aria-describedby")).toBe("automations-full");
    expect(document.getElementById("automations-full")?.textContent).toBe(
      "Osiągnięto limit 200 automatyzacji. Usuń którąś, aby dodać nową.",
    );
  });

  it("an automation takes at most 20 actions: 'Dodaj akcję' is then disabled and says so", { timeout: 20_000 }, () => {
    renderScreen([], () => ({ status: 500 }));
    fireEvent.click(screen.getByRole("button", { name: "Dodaj automatyzację" }));
    const form = screen.getByRole("form", { name: "Nowa automatyzacja" });
    const addAction = within(form).getByRole("button", { name: "Dodaj akcję" }) as HTMLButtonElement;
    expect(within(form).queryByText("Najwyżej 20 akcji w jednej automatyzacji")).toBeNull();
    for (let count = within(form).getAllByLabelText(/^Rodzaj akcji/).length; count < MAX_AUTOMATION_ACTIONS; count++)
      fireEvent.click(addAction);
    expect(within(form).getAllByLabelText(/^Rodzaj akcji/)).toHaveLength(MAX_AUTOMATION_ACTIONS);
    expect(addAction.disabled).toBe(true);
    expect(within(form).getByText("Najwyżej 20 akcji w jednej automatyzacji")).toBeTruthy();
  });
});
