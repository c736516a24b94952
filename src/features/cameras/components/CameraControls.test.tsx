import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Recording } from "../../../../contract/camera-controls";
import type { Camera } from "../../../../contract/cameras";
import { createTestStore, fakeClient, renderWithApp, type Canned, type Recorded } from "../../../test/render";
import { browserOnlineAtom } from "../../../platform/offline/atoms";
import { camerasAtom } from "../atoms";
import { CameraControls } from "./CameraControls";

afterEach(cleanup);

const ZOOM: Camera = {
  id: "zoom",
  label: "Furtka",
  enabled: true,
  hls: false,
  mjpeg: true,
  streams: { mobile: true },
  nightmode: false,
  scaling: "cover",
  blackAndWhite: false,
  ptz: true,
};
const RECORDING: Recording = {
  id: "rec-1",
  cameraId: "zoom",
  startedAt: "2026-11-23T13:05:09.000Z",
  durationMs: 5000,
  bytes: 153_600,
  locked: false,
  media: "mjpeg",
  snapshot: true,
};

function renderControls(
  camera: Camera,
  answers: { v5?: (request: Recorded) => Canned; v1?: (request: Recorded) => Canned },
) {
  const store = createTestStore();
  store.set(camerasAtom, [camera]);
  const v5 = fakeClient(answers.v5 ?? (() => ({ status: 500 })));
  const general = fakeClient((request) =>
    request.path === "/config/cameras/reload"
      ? { status: 200, body: { items: store.get(camerasAtom) } }
      : { status: 404 },
  );
  const v1 = fakeClient(
    answers.v1 ??
      ((request) => (request.path === "/recordings" ? { status: 200, body: { items: [] } } : { status: 404 })),
  );
  renderWithApp(<CameraControls camera={camera} />, store, {
    api: { camerasV5: v5.client, general: general.client, cameras: v1.client },
  });
  return { store, v5: v5.requests, v1: v1.requests, general: general.requests };
}

describe("camera controls", () => {
  it(
    "the settings form refuses an empty name before sending, shows the hub's 400 under its field, then saves and reloads",
    { timeout: 15_000 },
    async () => {
      let refuse = true;
      const { store, v5, general } = renderControls(ZOOM, {
        v5: (request) => {
          if (request.method === "GET") return { status: 200, body: { item: { ...ZOOM, label: "Furtka z hubu" } } };
          if (refuse) {
            refuse = false;
            return { status: 400, body: { code: "BAD_REQUEST", message: "config.label: max_length <=200" } };
          }
          return { status: 200, body: { item: { ...ZOOM, ...(request.body as { config: object }).config } } };
        },
      });
      fireEvent.click(screen.getByRole("button", { name: "Ustawienia kamery: Furtka" }));
      const dialog = screen.getByTestId("camera-settings-zoom");
      // opening the settings asks the hub for the camera's current item (spec §7)
      await waitFor(() => expect(v5).toEqual([{ method: "GET", path: "/cameras/zoom", body: undefined }]));
      const name = within(dialog).getByLabelText("Nazwa");
      await waitFor(() => expect((name as HTMLInputElement).value).toBe("Furtka z hubu"));
      fireEvent.change(name, { target: { value: "   " } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Zapisz" }));
      expect(await within(dialog).findByText("Podaj nazwę (od 1 do 200 znaków)")).toBeTruthy();
      expect(v5).toHaveLength(1);

      fireEvent.change(name, { target: { value: "Furtka od ulicy" } });
      fireEvent.click(within(dialog).getByRole("switch", { name: "Tryb nocny (podczerwień)" }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Zapisz" }));
      expect(await within(dialog).findByText("max_length <=200")).toBeTruthy();
      expect(within(dialog).getByText("Hub odrzucił zmiany: config.label: max_length <=200")).toBeTruthy();
      expect(name.getAttribute("aria-invalid")).toBe("true");

      fireEvent.click(within(dialog).getByRole("button", { name: "Zapisz" }));
      await waitFor(() => expect(store.get(camerasAtom)?.[0]?.label).toBe("Furtka od ulicy"));
      expect(v5.at(-1)).toEqual({
        method: "PATCH",
        path: "/cameras/zoom",
        body: {
          config: { label: "Furtka od ulicy", enabled: true, scaling: "cover", blackAndWhite: false, nightmode: true },
        },
      });
      expect(general.map((request) => `${request.method} ${request.path}`)).toEqual(["POST /config/cameras/reload"]);
      expect(store.get(camerasAtom)?.[0]?.nightmode).toBe(true);
    },
  );

  it(
    "the lock toggle shows the state the hub answered (aria-pressed), and is disabled offline",
    { timeout: 15_000 },
    async () => {
      let locked = false;
      const { v1, store } = renderControls(ZOOM, {
        v1: (request) => {
          if (request.method === "GET") return { status: 200, body: { items: [{ ...RECORDING, locked }] } };
          locked = !locked;
          return { status: 200, body: { item: { ...RECORDING, locked } } };
        },
      });
      const row = await screen.findByTestId("recording-rec-1", {}, { timeout: 5000 });
      expect(row.textContent).toContain("23 lis 2026");
      expect(row.textContent).toContain("5 s · 150 kB");
      const lock = within(row).getByRole("button", { name: /^Zablokuj nagranie z / });
      expect(lock.getAttribute("aria-pressed")).toBe("false");
      fireEvent.click(lock);
      await waitFor(() =>
        expect(
          within(row)
            .getByRole("button", { name: /^Odblokuj nagranie z / })
            .getAttribute("aria-pressed"),
        ).toBe("true"),
      );
      expect(v1.at(-1)).toEqual({ method: "PATCH", path: "/recordings/lock/rec-1", body: {} });
      act(() => store.set(browserOnlineAtom, false));
      expect((within(row).getByRole("button", { name: /^Odblokuj/ }) as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it(
    "the PTZ pad sends a move per button and per arrow key; absent for a camera without PTZ",
    { timeout: 15_000 },
    async () => {
      const { v1 } = renderControls(ZOOM, {
        v1: (request) =>
          request.path === "/recordings"
            ? { status: 200, body: { items: [] } }
            : {
                status: 200,
                body: { item: { id: "zoom", pan: 0, tilt: 0, zoom: 0, duration: 250, ...(request.body as object) } },
              },
      });
      fireEvent.click(screen.getByRole("button", { name: "W prawo" }));
      await waitFor(() => expect(v1.filter((request) => request.method === "POST")).toHaveLength(1));
      fireEvent.keyDown(screen.getByRole("button", { name: "Przybliż" }), { key: "ArrowUp" });
      await waitFor(() => expect(v1.filter((request) => request.method === "POST")).toHaveLength(2));
      expect(v1.filter((request) => request.method === "POST").map((request) => [request.path, request.body])).toEqual([
        ["/controls/ptz/zoom", { pan: 1 }],
        ["/controls/ptz/zoom", { tilt: 1 }],
      ]);
      expect(
        await screen.findByText("Brak nagrań. Kamera nagrywa krótki klip, gdy wykryje ruch.", {}, { timeout: 5000 }),
      ).toBeTruthy();
      cleanup();
      renderControls({ ...ZOOM, ptz: false }, {});
      expect(screen.queryByRole("group", { name: "Sterowanie kamerą (PTZ)" })).toBeNull();
    },
  );
  it(
    "a camera with presets gets a preset menu under the pad; choosing one sends the camera there; none without presets",
    { timeout: 15_000 },
    async () => {
      const { v1 } = renderControls(ZOOM, {
        v1: (request) => {
          if (request.path === "/recordings") return { status: 200, body: { items: [] } };
          if (request.path === "/controls/ptz/zoom/presets")
            return {
              status: 200,
              body: {
                items: [
                  { token: "P001", name: "Brama" },
                  { token: "P002", name: "Podjazd" },
                ],
              },
            };
          return { status: 200, body: { item: { id: "zoom", token: "P002", name: "Podjazd" } } };
        },
      });
      const menu = await screen.findByRole("combobox", { name: "Zapamiętane pozycje" });
      expect(
        within(menu)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Przejdź do pozycji…", "Brama", "Podjazd"]);
      fireEvent.change(menu, { target: { value: "P002" } });
      await waitFor(() =>
        expect(v1.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
          "/controls/ptz/zoom/presets/P002",
        ]),
      );
      expect((menu as HTMLSelectElement).value).toBe("");
      cleanup();
      renderControls(ZOOM, {
        v1: (request) =>
          request.path === "/controls/ptz/zoom/presets"
            ? { status: 200, body: { items: [] } }
            : { status: 200, body: { items: [] } },
      });
      expect(await screen.findByRole("group", { name: "Sterowanie kamerą (PTZ)" })).toBeTruthy();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(screen.queryByRole("combobox", { name: "Zapamiętane pozycje" })).toBeNull();
    },
  );
});
