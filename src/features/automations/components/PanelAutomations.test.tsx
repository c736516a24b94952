import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Panel } from "../../../../contract/panels";
import { createTestStore, fakeClient, renderWithApp, type Recorded } from "../../../test/render";
import { camerasAtom } from "../../cameras";
import { panelsAtom } from "../../panels";
import { AutomationsScreen } from "./AutomationsScreen";

afterEach(cleanup);

/** A panel as GET /panels lists it. */
const panel = (id: string, name: string, room?: string): Panel => ({
  id,
  name,
  ...(room ? { room } : {}),
  profile: {
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

/** The hub's answer to a save: the body as stored. */
const saved = (request: Recorded) => ({
  status: 200,
  body: {
    item: {
      ...(request.body as object),
      id: "p1",
      enabled: true,
      createdAt: "2026-11-27T10:00:00.000Z",
      updatedAt: "2026-11-27T10:00:00.000Z",
      lastRun: null,
    },
  },
});

describe("panel triggers and commands in the automations editor", () => {
  it("'Gdy Tablet w kuchni: bateria spadnie poniżej 15 %' sends 'przejdź do /cameras' to Telefon Ani: the contract's body, listed in words", async () => {
    const store = createTestStore();
    store.set(panelsAtom, [
      panel("p-kitchen-0001", "Tablet w kuchni", "Kuchnia"),
      panel("p-phone-00001", "Telefon Ani"),
    ]);
    const general = fakeClient(saved);
    renderWithApp(<AutomationsScreen loaded={[]} sensors={[]} />, store, { api: { general: general.client } });
    fireEvent.click(screen.getByRole("button", { name: "Dodaj automatyzację" }));
    const form = screen.getByRole("form", { name: "Nowa automatyzacja" });
    fireEvent.change(within(form).getByLabelText("Nazwa"), { target: { value: "Tablet prosi o ładowarkę" } });
    fireEvent.change(within(form).getByLabelText("Rodzaj wyzwalacza"), { target: { value: "panel" } });
    fireEvent.change(within(form).getByLabelText("Panel"), { target: { value: "p-kitchen-0001" } });
    expect((within(form).getByLabelText("Co panel zgłasza") as HTMLSelectElement).value).toBe("battery");
    fireEvent.change(within(form).getByLabelText("Próg baterii (%)"), { target: { value: "15" } });
    fireEvent.change(within(form).getByLabelText("Rodzaj akcji 1"), { target: { value: "panel.command" } });
    // A new panel command goes to the first panel; here to Telefon Ani.
    fireEvent.change(within(form).getByLabelText("Do kogo"), { target: { value: "panel" } });
    const target = within(form).getAllByLabelText("Panel")[1] as HTMLSelectElement;
    fireEvent.change(target, { target: { value: "p-phone-00001" } });
    fireEvent.change(within(form).getByLabelText("Polecenie"), { target: { value: "navigate" } });
    fireEvent.change(within(form).getByLabelText("Ekran (ścieżka, np. /cameras)"), { target: { value: "/cameras" } });
    fireEvent.click(within(form).getByRole("button", { name: "Zapisz" }));
    await waitFor(() => expect(general.requests).toHaveLength(1));
    expect(general.requests[0]?.body).toEqual({
      name: "Tablet prosi o ładowarkę",
      enabled: true,
      trigger: { type: "panel", panelId: "p-kitchen-0001", field: "battery", below: 15 },
      actions: [
        {
          kind: "panel.command",
          target: { to: "panel", panelId: "p-phone-00001" },
          command: { type: "navigate", to: "/cameras" },
        },
      ],
    });
    await waitFor(() => expect(screen.getByText("Gdy Tablet w kuchni: bateria spadnie poniżej 15 %")).toBeTruthy());
    expect(screen.getByText(/Telefon Ani: przejdź do \/cameras/)).toBeTruthy();
  });
  it("a camera popup is listed with the camera's name", () => {
    const store = createTestStore();
    store.set(panelsAtom, [panel("p-kitchen-0001", "Tablet w kuchni")]);
    const camera = { enabled: true, hls: true, mjpeg: true, streams: { mobile: false }, nightmode: false };
    store.set(camerasAtom, [
      { ...camera, id: "brama", label: "Brama wjazdowa", scaling: "contain", blackAndWhite: false },
    ]);
    const automation = {
      id: "a1",
      name: "Ktoś przy bramie",
      enabled: true,
      trigger: { type: "doorbell" as const },
      actions: [
        {
          kind: "panel.command" as const,
          target: { to: "panel" as const, panelId: "p-kitchen-0001" },
          command: { type: "camera" as const, cameraId: "brama", seconds: 20 },
        },
      ],
      createdAt: "2026-11-27T10:00:00.000Z",
      updatedAt: "2026-11-27T10:00:00.000Z",
      lastRun: null,
    };
    renderWithApp(<AutomationsScreen loaded={[automation]} sensors={[]} />, store);
    expect(screen.getByText(/Tablet w kuchni: pokaż kamerę Brama wjazdowa, 20 s/)).toBeTruthy();
  });
});
