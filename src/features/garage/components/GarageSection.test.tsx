import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DoorStatePayload } from "../../../../contract/garage";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { liveValueAtom } from "../../../platform/live/atoms";
import { browserOnlineAtom } from "../../../platform/offline/atoms";
import { GarageSection } from "./GarageSection";

afterEach(cleanup);

const base: DoorStatePayload = {
  label: "Brama garażowa",
  room: "Garaż",
  state: "closed",
  position: 0,
  target: 0,
  constantStop: false,
  time: "2026-01-15T12:00:00.000Z",
};
function publish(store: ReturnType<typeof createTestStore>, door: string, patch: Partial<DoorStatePayload> = {}) {
  act(() => store.set(liveValueAtom(`garage/${door}/state`), { value: { ...base, ...patch }, receivedAt: Date.now() }));
}
const answered = () =>
  fakeClient((request) => ({
    status: 200,
    body: {
      item: {
        door: request.path.split("/")[1],
        command: request.path.split("/")[2],
        sentAt: "2026-01-15T12:00:00.000Z",
      },
    },
  }));

describe("garage section", () => {
  it("shows nothing until a door reports, then each door in its room with its state in Polish", () => {
    const store = createTestStore();
    renderWithApp(<GarageSection />, store);
    expect(screen.queryByTestId("garage-section")).toBeNull();
    publish(store, "garage");
    publish(store, "gate", { label: "Brama wjazdowa", room: "Podjazd", state: "opening", position: 40, target: 100 });
    expect(screen.getByRole("heading", { name: "Garaż" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Podjazd" })).toBeTruthy();
    expect(screen.getByTestId("door-garage-state").textContent).toBe("Zamknięta");
    expect(screen.getByTestId("door-gate-state").textContent).toBe("Otwiera się");
    expect(within(screen.getByTestId("door-gate")).getByText("Położenie: 40%")).toBeTruthy();
    for (const [state, word] of [
      ["open", "Otwarta"],
      ["closing", "Zamyka się"],
      ["stopped", "Zatrzymana"],
    ] as const) {
      publish(store, "garage", { state });
      expect(screen.getByTestId("door-garage-state").textContent).toBe(word);
    }
  });

  it("open asks first: cancel sends nothing, confirm sends POST /garage/open", async () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<GarageSection />, store, { api: { auth: api.client } });
    publish(store, "garage");
    fireEvent.click(screen.getByRole("button", { name: "Otwórz" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(within(dialog).getByText("Otworzyć: Brama garażowa?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Anuluj", hidden: true }));
    expect(api.requests).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Otwórz" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { hidden: true })).getByRole("button", { name: "Otwórz", hidden: true }),
    );
    await waitFor(() => expect(api.requests).toEqual([{ method: "POST", path: "/garage/open", body: undefined }]));
  });

  it("stop and constantStop go without a question", async () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<GarageSection />, store, { api: { auth: api.client } });
    publish(store, "gate", { state: "opening", position: 30 });
    fireEvent.click(screen.getByRole("button", { name: "Zatrzymaj" }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    fireEvent.click(screen.getByRole("checkbox", { name: "Stałe zatrzymanie" }));
    await waitFor(() =>
      expect(api.requests).toEqual([
        { method: "POST", path: "/gate/stop", body: undefined },
        { method: "POST", path: "/gate/constantStop", body: { value: true } },
      ]),
    );
  });

  it("offline: every control is disabled and nothing is sent", () => {
    const store = createTestStore();
    const api = answered();
    store.set(browserOnlineAtom, false);
    renderWithApp(<GarageSection variant="car" />, store, { api: { auth: api.client } });
    publish(store, "garage");
    for (const name of ["Otwórz", "Zamknij", "Przełącz", "Zatrzymaj"])
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);
    expect(api.requests).toEqual([]);
  });

  it("a shutter device with LWT Offline: 'Niedostępne', every control disabled; back online, enabled again", () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<GarageSection />, store, { api: { auth: api.client } });
    publish(store, "garage", { device: "garaz" });
    act(() => store.set(liveValueAtom("availability/garaz"), { value: { state: "offline" }, receivedAt: Date.now() }));
    expect(screen.getByTestId("door-garage-state").textContent).toBe("Niedostępne");
    for (const name of ["Otwórz", "Zamknij", "Przełącz", "Zatrzymaj"])
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);
    act(() => store.set(liveValueAtom("availability/garaz"), { value: { state: "online" }, receivedAt: Date.now() }));
    expect(screen.getByTestId("door-garage-state").textContent).toBe("Zamknięta");
    expect((screen.getByRole("button", { name: "Otwórz" }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.requests).toEqual([]);
  });
});
