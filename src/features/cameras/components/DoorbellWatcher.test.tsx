import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PREFERENCES } from "../../../../contract/preferences";
import { createTestStore, renderWithApp } from "../../../test/render";
import { liveValueAtom } from "../../../platform/live/atoms";
import { preferencesAtom } from "../../../platform/preferences/atoms";
import { DoorbellWatcher } from "./DoorbellWatcher";

afterEach(cleanup);

function ring(store: ReturnType<typeof createTestStore>, at: number) {
  act(() => store.set(liveValueAtom("doorbell/ring"), { value: at, receivedAt: Date.now() }));
}

/** Lets the lazily loaded popup chunk resolve under fake timers. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(10));
}

describe("doorbell popup (spec §2, §4, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
  });
  afterEach(() => vi.useRealTimers());

  it("opens on a ring under 5 s old, titled 'Ktoś dzwoni przy bramce.', and closes by itself after 30 s", async () => {
    const store = createTestStore();
    renderWithApp(<DoorbellWatcher />, store);
    ring(store, Date.now() - 1000);
    await settle();
    expect(await screen.findByRole("heading", { name: "Ktoś dzwoni przy bramce." }, { timeout: 5000 })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByTestId("doorbell-popup")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    // Closing: it fades out for the modal animation (spec §9: 300 ms), then it is gone.
    expect(screen.queryByTestId("doorbell-popup")?.hasAttribute("data-closing")).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByTestId("doorbell-popup")).toBeNull();
  });

  it("'Zamknij' closes it; the same ring does not open it again, a new one does", async () => {
    const store = createTestStore();
    renderWithApp(<DoorbellWatcher />, store);
    const first = Date.now();
    ring(store, first);
    await settle();
    fireEvent.click(await screen.findByRole("button", { name: "Zamknij" }, { timeout: 5000 }));
    await act(() => vi.advanceTimersByTimeAsync(300)); // the closing animation (spec §9)
    expect(screen.queryByTestId("doorbell-popup")).toBeNull();
    ring(store, first);
    await settle();
    expect(screen.queryByTestId("doorbell-popup")).toBeNull();
    ring(store, first + 2000);
    await settle();
    expect(await screen.findByTestId("doorbell-popup", {}, { timeout: 5000 })).toBeTruthy();
  });

  it("does not open for a ring 5 s old or older, nor with the alerts preference off", async () => {
    const store = createTestStore();
    renderWithApp(<DoorbellWatcher />, store);
    ring(store, Date.now() - 5000);
    await settle();
    expect(screen.queryByTestId("doorbell-popup")).toBeNull();
    act(() => store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, alerts: false }));
    ring(store, Date.now());
    await settle();
    expect(screen.queryByTestId("doorbell-popup")).toBeNull();
  });
});
