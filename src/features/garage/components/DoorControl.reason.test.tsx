import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DoorStatePayload } from "../../../../contract/garage";
import { createTestStore, renderWithApp } from "../../../test/render";
import { sessionAtom } from "../../../platform/auth/atoms";
import { liveValueAtom } from "../../../platform/live/atoms";
import { serverReachableAtom } from "../../../platform/offline/atoms";
import { GarageSection } from "./GarageSection";

afterEach(cleanup);

const door: DoorStatePayload = {
  label: "Brama garażowa",
  room: "Garaż",
  state: "closed",
  position: 0,
  target: 0,
  constantStop: false,
  time: "2026-01-15T12:00:00.000Z",
  device: "shutter_garage",
};

/** The garage door's 'Otwórz' button, logged in, the door reported on `garage/garage/state`. */
function renderDoor() {
  const store = createTestStore();
  store.set(sessionAtom, { status: "loggedIn", login: "demo" });
  renderWithApp(<GarageSection />, store);
  act(() => store.set(liveValueAtom("garage/garage/state"), { value: door, receivedAt: Date.now() }));
  return { store, open: () => screen.getByRole<HTMLButtonElement>("button", { name: "Otwórz" }) };
}

describe("the garage door's actions tell why they cannot act (title: hover and description)", () => {
  it("none while they may act; 'Urządzenie jest niedostępne.' while the shutter's device is offline", () => {
    const { store, open } = renderDoor();
    expect(open().disabled).toBe(false);
    expect(open().getAttribute("title")).toBeNull();
    act(() =>
      store.set(liveValueAtom("availability/shutter_garage"), { value: { state: "offline" }, receivedAt: Date.now() }),
    );
    expect(open().disabled).toBe(true);
    expect(open().getAttribute("title")).toBe("Urządzenie jest niedostępne.");
  });

  it("offline, then locked: each its own Polish reason", () => {
    const { store, open } = renderDoor();
    act(() => store.set(serverReachableAtom, false));
    expect(open().getAttribute("title")).toBe("Brak połączenia: nic nie zostanie wysłane.");
    act(() => store.set(serverReachableAtom, true));
    act(() => store.set(sessionAtom, { status: "locked" }));
    expect(open().getAttribute("title")).toBe("Sesja zablokowana: najpierw odblokuj ją PIN-em.");
  });
});
