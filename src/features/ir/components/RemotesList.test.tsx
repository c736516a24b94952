import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { IrState } from "../../../../contract/ir";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { applyLiveBatch } from "../../../platform/live/apply";
import { browserOnlineAtom } from "../../../platform/offline/atoms";
import { RemotesList } from "./RemotesList";

afterEach(cleanup);

const NEC = { protocol: "NEC", bits: 32, data: "0x00FF00FF" };
function live(store: ReturnType<typeof createTestStore>, topic: string, value: unknown) {
  act(() => applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]])));
}
function remote(store: ReturnType<typeof createTestStore>, state: Partial<IrState> = {}) {
  live(store, "features/ir/pilot_salon", { label: "Pilot w salonie", room: "Salon" });
  live(store, "ir/pilot_salon", { learning: false, codes: [], received: null, ...state });
}
const answered = () =>
  fakeClient((request) => {
    const body = request.body as { device: string; name?: string; code?: unknown; enable?: boolean };
    if (request.path === "/ir/send")
      return { status: 200, body: { item: { device: body.device, code: NEC, sentAt: "2026-01-15T12:00:00.000Z" } } };
    if (request.path === "/ir/learn")
      return { status: 200, body: { item: { device: body.device, learning: body.enable } } };
    return { status: 200, body: { item: body } };
  });

describe("IR remotes", () => {
  it("no blaster announced: 'Brak pilotów'", () => {
    renderWithApp(<RemotesList />, createTestStore());
    expect(screen.getByText("Brak pilotów")).toBeTruthy();
  });

  it("a remote is a grid of its named buttons; a press sends POST /ir/send with the button's name", async () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<RemotesList />, store, { api: { general: api.client } });
    remote(store, {
      codes: [
        { name: "Włącz", code: NEC },
        { name: "Głośniej", code: { ...NEC, data: "0x20DF40BF" } },
      ],
    });
    const grid = screen.getByRole("group", { name: "Przyciski: Pilot w salonie" });
    expect(
      within(grid)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Włącz", "Głośniej"]);
    fireEvent.click(within(grid).getByRole("button", { name: "Głośniej" }));
    await screen.findByText("Wysłano: Głośniej");
    expect(api.requests).toEqual([
      { method: "POST", path: "/ir/send", body: { device: "pilot_salon", code: "Głośniej" } },
    ]);
  });

  it("learning: 'Ucz kodu' turns it on; the received code is shown and saved under a name with POST /ir/code", async () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<RemotesList />, store, { api: { general: api.client } });
    remote(store);
    fireEvent.click(screen.getByRole("button", { name: "Ucz kodu" }));
    await waitFor(() =>
      expect(api.requests).toEqual([
        { method: "POST", path: "/ir/learn", body: { device: "pilot_salon", enable: true } },
      ]),
    );
    remote(store, { learning: true });
    expect(screen.getByText("Nauka włączona: skieruj pilota na odbiornik i naciśnij przycisk.")).toBeTruthy();
    remote(store, { learning: true, received: { code: NEC, time: "2026-01-15T12:00:00.000Z" } });
    expect(screen.getByText("Odebrano kod: NEC, 32 bitów, 0x00FF00FF")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Zapisz przycisk" }));
    expect(screen.getByRole("alert").textContent).toBe("Pole wymagane");
    fireEvent.change(screen.getByLabelText("Nazwa przycisku"), { target: { value: " Wentylator " } });
    fireEvent.click(screen.getByRole("button", { name: "Zapisz przycisk" }));
    await waitFor(() =>
      expect(api.requests.at(-1)).toEqual({
        method: "POST",
        path: "/ir/code",
        body: { device: "pilot_salon", name: "Wentylator", code: NEC },
      }),
    );
    expect(screen.getByRole("button", { name: "Zakończ naukę" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a blaster at its most buttons: the hub's 409 LIMIT_REACHED is said in Polish under the name field and in a toast", async () => {
    const store = createTestStore();
    const toasts: string[] = [];
    const api = fakeClient(() => ({
      status: 409,
      body: {
        code: "LIMIT_REACHED",
        message: "name: at most 100 buttons per IR blaster; save under an existing button's name to replace it",
        limit: 100,
      },
    }));
    renderWithApp(<RemotesList />, store, { api: { general: api.client }, notify: (message) => toasts.push(message) });
    remote(store, { learning: true, received: { code: NEC, time: "2026-01-15T12:00:00.000Z" } });
    fireEvent.change(screen.getByLabelText("Nazwa przycisku"), { target: { value: "Wentylator" } });
    fireEvent.click(screen.getByRole("button", { name: "Zapisz przycisk" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Ten pilot ma już 100 przycisków i więcej nie zmieści. Zapisz kod pod nazwą istniejącego przycisku, aby go zastąpić.",
      ),
    );
    expect(toasts).toEqual(["Nie zapisano przycisku: pilot ma już najwięcej przycisków, ile może mieć."]);
    expect((screen.getByLabelText("Nazwa przycisku") as HTMLInputElement).value).toBe("Wentylator");
  });

  it("offline or a blaster with LWT Offline: every control disabled, 'Niedostępne', nothing sent", () => {
    const store = createTestStore();
    const api = answered();
    renderWithApp(<RemotesList />, store, { api: { general: api.client } });
    remote(store, { codes: [{ name: "Włącz", code: NEC }] });
    live(store, "availability/pilot_salon", { state: "offline" });
    expect(screen.getByText("Niedostępne")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Włącz" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Ucz kodu" }) as HTMLButtonElement).disabled).toBe(true);
    live(store, "availability/pilot_salon", { state: "online" });
    expect((screen.getByRole("button", { name: "Włącz" }) as HTMLButtonElement).disabled).toBe(false);
    act(() => store.set(browserOnlineAtom, false));
    expect((screen.getByRole("button", { name: "Włącz" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests).toEqual([]);
  });
});
