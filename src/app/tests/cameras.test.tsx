import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { camerasAtom } from "../../features/cameras/atoms";
import type { ApiClients } from "../../routes/-context";
import type { Camera } from "../../../contract/cameras";
import { fakeClient, renderWithApp } from "../../test/render";
import { createAppRouter } from "../router";
import { createAppStore } from "../store";

afterEach(cleanup);

const camera = (id: string, label: string, over: Partial<Camera> = {}): Camera => ({
  id,
  label,
  enabled: true,
  hls: false,
  mjpeg: true,
  streams: { mobile: false },
  nightmode: false,
  scaling: "stretch",
  blackAndWhite: false,
  ...over,
});

function renderAt(path: string, cameras: Camera[] | null) {
  const store = createAppStore();
  store.set(camerasAtom, cameras);
  const { client } = fakeClient(() => ({ status: 404, body: { code: "NOT_FOUND" } }));
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
}

describe("/cameras (spec §2)", () => {
  it("a household without cameras gets 'Brak kamer' and how to add one", async () => {
    renderAt("/cameras", []);
    expect(await screen.findByRole("heading", { name: "Brak kamer" })).toBeTruthy();
    expect(screen.getByText(/Kamery dodaje się w konfiguracji domu w hubie/)).toBeTruthy();
  });

  it("every camera has a preview and a link to /cameras/live?id=<id>", async () => {
    renderAt("/cameras", [camera("zoom", "Furtka"), camera("ogrod", "Ogród", { blackAndWhite: true })]);
    const grid = await screen.findByTestId("camera-grid");
    const links = within(grid).getAllByRole("link");
    // Named by their content ('Podgląd na żywo:' visually hidden, then the visible label: WCAG 2.5.3).
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Podgląd na żywo: Furtka", "/cameras/live?id=zoom"],
      ["Podgląd na żywo: Ogród", "/cameras/live?id=ogrod"],
    ]);
    expect(within(grid).getByRole("link", { name: "Podgląd na żywo: Ogród" })).toBeTruthy();
    expect(within(grid).getByTestId("camera-preview-ogrod").className).toContain("camera-live__picture--bw");
  });

  it("a disabled camera's card says 'Kamera wyłączona' where its preview would be, and its link's name says it too", async () => {
    renderAt("/cameras", [camera("ogrod", "Ogród", { enabled: false })]);
    const grid = await screen.findByTestId("camera-grid");
    expect(within(grid).getByTestId("camera-preview-ogrod").textContent).toBe("Kamera wyłączona");
    expect(within(grid).queryByRole("img")).toBeNull();
    // jsdom's name computation puts a space between the label and its hidden note; Chromium does not.
    const named = (name: string) => name.replace(/\s+,/g, ",") === "Podgląd na żywo: Ogród, Kamera wyłączona";
    expect(within(grid).getByRole("link", { name: named }).getAttribute("href")).toBe("/cameras/live?id=ogrod");
  });

  it("/cameras/live of an unknown id says so; of a known one shows its live view, 'Łączenie' until a frame, with its controls", async () => {
    renderAt("/cameras/live?id=nie-ma", [camera("zoom", "Furtka")]);
    expect(await screen.findByText("Nie ma kamery „nie-ma”.")).toBeTruthy();
    cleanup();
    renderAt("/cameras/live?id=zoom", [camera("zoom", "Furtka", { scaling: "cover" })]);
    expect(await screen.findByRole("heading", { level: 1, name: "Furtka" })).toBeTruthy();
    expect(screen.getByTestId("camera-connecting").textContent).toContain("Łączenie");
    expect(screen.getByTestId("camera-live-zoom").getAttribute("data-scaling")).toBe("cover");
    expect(screen.getByRole("button", { name: "Tryb: WebRTC" })).toBeTruthy();
  });
});
