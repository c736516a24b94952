import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CameraStatePayload } from "../../../../contract/camera-state";
import { createTestStore, renderWithApp } from "../../../test/render";
import { liveValueAtom } from "../../../platform/live/atoms";
import { CameraStatus } from "./CameraStatus";

afterEach(cleanup);

const NOW = Date.parse("2026-11-23T12:00:00.000Z");

function publish(store: ReturnType<typeof createTestStore>, state: Partial<CameraStatePayload>) {
  const payload: CameraStatePayload = {
    state: "online",
    reason: null,
    since: new Date(NOW).toISOString(),
    lastFrameAt: null,
    viewers: 0,
    time: new Date(NOW).toISOString(),
    ...state,
  };
  act(() => store.set(liveValueAtom("camera/state/brama"), { value: payload, receivedAt: Date.now() }));
}

describe("camera state on a card and a live view (spec §3 camera state)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("a camera that stopped sending says 'Brak sygnału od 2 min', counted on by the app clock", async () => {
    const store = createTestStore();
    renderWithApp(<CameraStatus cameraId="brama" />, store);
    const since = new Date(NOW - 150_000).toISOString();
    publish(store, { state: "no-signal", since, lastFrameAt: since });
    expect(screen.getByTestId("camera-status-brama").textContent).toBe("Brak sygnału od 2 min");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId("camera-status-brama").textContent).toBe("Brak sygnału od 3 min");
    expect(screen.getByTestId("camera-status-brama").dataset.state).toBe("no-signal");
  });

  it("online with its viewers, unreachable, and nothing for a disabled camera or before any state", () => {
    const store = createTestStore();
    renderWithApp(<CameraStatus cameraId="brama" />, store);
    expect(screen.queryByTestId("camera-status-brama")).toBeNull();
    publish(store, { state: "online", viewers: 2 });
    expect(screen.getByTestId("camera-status-brama").textContent).toBe("Kamera działaOglądający: 2");
    publish(store, { state: "offline", reason: "unreachable" });
    expect(screen.getByTestId("camera-status-brama").textContent).toBe("Kamera niedostępna");
    publish(store, { state: "offline", reason: "disabled" });
    expect(screen.queryByTestId("camera-status-brama")).toBeNull();
  });

  it("a payload that breaks the contract shows nothing and does not throw", () => {
    const store = createTestStore();
    renderWithApp(<CameraStatus cameraId="brama" />, store);
    act(() =>
      store.set(liveValueAtom("camera/state/brama"), {
        value: { state: "exploded", viewers: -1 },
        receivedAt: Date.now(),
      }),
    );
    expect(screen.queryByTestId("camera-status-brama")).toBeNull();
  });
});
