import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Recording } from "../../../../contract/camera-controls";
import type { Camera } from "../../../../contract/cameras";
import { createTestStore, fakeClient, renderWithApp } from "../../../test/render";
import { camerasAtom } from "../atoms";
import { CameraControls } from "./CameraControls";

const FRONT: Camera = {
  id: "wejscie",
  label: "Wejście",
  enabled: true,
  hls: true,
  mjpeg: false,
  streams: { mobile: false },
  nightmode: false,
  scaling: "cover",
  blackAndWhite: false,
  ptz: false,
};

/** Two events of an NVR: a person (snapshot) and something Frigate labels that has no translation. */
const EVENTS: Recording[] = [
  {
    id: "frigate-1764250000.123456-abcdef",
    cameraId: "wejscie",
    startedAt: "2026-11-27T13:26:40.123Z",
    durationMs: 6000,
    bytes: 0,
    locked: false,
    media: "mp4",
    snapshot: true,
    label: "person",
  },
  {
    id: "frigate-1764240000.000001-zzzzzz",
    cameraId: "wejscie",
    startedAt: "2026-11-27T10:40:00.000Z",
    durationMs: 2000,
    bytes: 0,
    locked: true,
    media: "mp4",
    snapshot: false,
    label: "raccoon",
  },
];

afterEach(cleanup);

describe("the recordings list of an NVR's events", () => {
  it("shows each one's snapshot, its label in Polish (unknown ones as they are), no size, and plays an mp4 in a video element", async () => {
    const store = createTestStore();
    store.set(camerasAtom, [FRONT]);
    const v1 = fakeClient((request) =>
      request.path === "/recordings" ? { status: 200, body: { items: EVENTS } } : { status: 404 },
    );
    const other = fakeClient(() => ({ status: 404 }));
    renderWithApp(<CameraControls camera={FRONT} />, store, {
      api: { camerasV5: other.client, general: other.client, cameras: v1.client },
    });
    const person = await screen.findByTestId(`recording-${EVENTS[0]!.id}`, {}, { timeout: 5000 });
    expect(within(person).getByTestId(`recording-label-${EVENTS[0]!.id}`).textContent).toBe("Osoba");
    expect(within(person).getByTestId(`recording-thumb-${EVENTS[0]!.id}`).tagName).toBe("IMG");
    expect(person.textContent).toContain("6 s");
    expect(person.textContent).not.toContain("kB");
    const raccoon = screen.getByTestId(`recording-${EVENTS[1]!.id}`);
    expect(within(raccoon).getByTestId(`recording-label-${EVENTS[1]!.id}`).textContent).toBe("raccoon");
    expect(within(raccoon).queryByTestId(`recording-thumb-${EVENTS[1]!.id}`)).toBeNull();

    fireEvent.click(within(person).getByRole("button", { name: /^Odtwórz nagranie z / }));
    const video = (await screen.findByTestId("recording-video")) as HTMLVideoElement;
    expect(video.tagName).toBe("VIDEO");
    expect(video.controls).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.getAttribute("src")).toMatch(/\/recordings\/frigate-1764250000\.123456-abcdef$/);
  });
});
