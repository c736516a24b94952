import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveConnectionStateAtom } from "../../platform/live/atoms";
import { preferencesAtom } from "../../platform/preferences/atoms";
import { DEFAULT_PREFERENCES } from "../../platform/preferences/schemas";
import { switchesAtom } from "../../features/switches/atoms";
import type { ApiClients } from "../../routes/-context";
import { createAppRouter } from "../router";
import { createAppStore } from "../store";
import { fakeClient, renderWithApp } from "../../test/render";

afterEach(cleanup);

function renderAt(path: string, store = createAppStore()) {
  const { client } = fakeClient(() => ({ status: 200, body: { items: [] } }));
  const api: ApiClients = {
    auth: client,
    general: client,
    generalV1: client,
    cameras: client,
    camerasV5: client,
    garage: client,
  };
  const router = createAppRouter({ store, api, notify: vi.fn() }, createMemoryHistory({ initialEntries: [path] }));
  renderWithApp(<RouterProvider router={router} />, store);
  return { store, router };
}

describe("/cameras/live search validation (spec §5)", () => {
  // React logs the caught validation error through console.error; keep the output readable.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Brak wymaganego parametru: id' when id is missing", async () => {
    renderAt("/cameras/live");
    expect(await screen.findByText("Brak wymaganego parametru: id")).toBeTruthy();
  });

  it("rejects an id that is not a string", async () => {
    renderAt("/cameras/live?id=%5B1%2C2%5D");
    expect(await screen.findByText("Brak wymaganego parametru: id")).toBeTruthy();
  });

  it("accepts a string id", async () => {
    renderAt("/cameras/live?id=brama");
    expect(await screen.findByRole("heading", { name: "Podgląd kamery" })).toBeTruthy();
    expect(screen.queryByText("Brak wymaganego parametru: id")).toBeNull();
  });
});

describe("top bar (spec §2, UI contract)", () => {
  it("has the standard links at the bottom, a badge of switches without purpose and the red spinner while not connected", async () => {
    const store = createAppStore();
    store.set(switchesAtom, [
      { name: "a", label: "A", purpose: null },
      { name: "b", label: "B", purpose: "light" },
      { name: "c", label: "C", purpose: "" },
    ]);
    renderAt("/cameras", store);
    const nav = await screen.findByRole("navigation", { name: "Pasek główny" });
    expect(nav.getAttribute("data-layout")).toBe("standard");
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/", "/weather", "/menu", "/switches", "/cameras"]);
    expect(within(nav).getByRole("link", { name: "Przełączniki" })).toBeTruthy();
    expect(within(nav).getByTestId("switches-badge").textContent).toContain("2");
    expect(within(nav).getByTestId("live-spinner").getAttribute("aria-label")).toBe("Brak połączenia na żywo");
    act(() => store.set(liveConnectionStateAtom, "connect"));
    expect(within(nav).queryByTestId("live-spinner")).toBeNull();
    act(() => store.set(switchesAtom, [{ name: "b", label: "B", purpose: "light" }]));
    expect(within(nav).queryByTestId("switches-badge")).toBeNull();
  });

  it("in the car layout has Start, Menu and D (Pulpit samochodowy) only", async () => {
    const store = createAppStore();
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, appUi: "car" });
    renderAt("/car-dashboard", store);
    const nav = await screen.findByRole("navigation", { name: "Pasek główny" });
    expect(nav.getAttribute("data-layout")).toBe("car");
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/", "/menu", "/car-dashboard"]);
    const d = within(nav).getByRole("link", { name: "Pulpit samochodowy" });
    expect(d.textContent).toBe("D");
  });
});
