import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { SessionList } from "./SessionList";

afterEach(cleanup);

const session = (hash: string, sessionName: string, current: boolean, locked = false) => ({
  hash,
  sessionName,
  createdAt: "2026-11-20T08:00:00.000Z",
  lastSeenAt: current ? "2026-11-22T10:00:00.000Z" : "2026-11-21T10:00:00.000Z",
  locked,
  current,
});

describe("SessionList (GET /session/all, DELETE /session; spec §6, §7)", () => {
  it("lists the sessions, this one first and marked; logs another one out by hash after a confirmation; cancel sends nothing", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    let sessions = [session("b", "Tablet", false, true), session("a", "Telefon", true)];
    const hub = fakeClient((request) => {
      if (request.method === "GET") return { status: 200, body: { items: sessions } };
      sessions = sessions.filter((item) => item.hash !== (request.body as { hash: string }).hash);
      return { status: 200, body: { item: { revoked: "b" } } };
    });
    renderWithApp(<SessionList />, store, { api: { auth: hub.client } });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => within(item).getByText(/^(Telefon|Tablet)$/).textContent)).toEqual([
      "Telefon",
      "Tablet",
    ]);
    expect(within(items[0] as HTMLElement).getByText("Ta sesja")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Zablokowana")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText(/^Utworzona 20 lis 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Wyloguj: Tablet" }));
    fireEvent.click(screen.getByRole("button", { name: "Anuluj", hidden: true }));
    expect(hub.requests.filter((request) => request.method === "DELETE")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Wyloguj: Tablet" }));
    expect(screen.getByRole("heading", { name: "Wylogować sesję „Tablet”?", hidden: true })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Wyloguj", hidden: true }));
    });
    expect(hub.requests.filter((request) => request.method === "DELETE")).toEqual([
      { method: "DELETE", path: "/session", body: { hash: "b" } },
    ]);
    await screen.findByText("Telefon");
    expect(screen.queryByText("Tablet")).toBeNull();
  });

  it("logging out this session, confirmed, sends a plain logout and shows the login form", async () => {
    const store = createTestStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    const hub = fakeClient((request) =>
      request.method === "GET"
        ? { status: 200, body: { items: [session("a", "Telefon", true)] } }
        : { status: 200, body: { item: { revoked: "a" } } },
    );
    renderWithApp(<SessionList />, store, { api: { auth: hub.client } });
    fireEvent.click(await screen.findByRole("button", { name: "Wyloguj: Telefon" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Wyloguj", hidden: true }));
    });
    expect(hub.requests.at(-1)).toEqual({ method: "DELETE", path: "/session", body: {} });
    expect(store.get(sessionAtom)).toEqual({ status: "loggedOut" });
  });
});
