import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";
import { Drawer } from "./Drawer";

function Menu({ onClosed }: { onClosed: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button">Menu</button>
      <Drawer title="Menu" closeLabel="Zamknij menu" onClosed={onClosed} testId="drawer">
        <button type="button" onClick={() => setAsking(true)}>
          Wyloguj
        </button>
        <ConfirmDialog
          open={asking}
          title="Wylogować?"
          confirmLabel="Wyloguj"
          cancelLabel="Anuluj"
          onConfirm={() => setAsking(false)}
          onCancel={() => setAsking(false)}
        />
      </Drawer>
    </>
  );
}

const drawer = () => document.querySelector('[data-testid="drawer"]') as HTMLDialogElement;

describe("Drawer (spec §9: the phone's menu closes in 500 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) => ({ matches: false, media: query }) as MediaQueryList,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("opens as a modal named by its title with focus on 'Zamknij menu'", () => {
    const view = render(<Menu onClosed={vi.fn()} />);
    expect(view.getByRole("dialog", { name: "Menu" })).toBe(drawer());
    expect(drawer().open).toBe(true);
    expect(document.activeElement).toBe(view.getByRole("button", { name: "Zamknij menu" }));
  });

  it("'Zamknij menu' slides it out for 500 ms, then it closes and onClosed runs", () => {
    const onClosed = vi.fn();
    const view = render(<Menu onClosed={onClosed} />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij menu" }));
    expect(drawer().hasAttribute("data-closing")).toBe(true);
    act(() => vi.advanceTimersByTime(499));
    expect(drawer().open).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(drawer().open).toBe(false);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it("a tap on the backdrop (the dialog element itself) and Escape close it", () => {
    const onClosed = vi.fn();
    render(<Menu onClosed={onClosed} />);
    fireEvent.click(drawer());
    expect(drawer().hasAttribute("data-closing")).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(onClosed).toHaveBeenCalledTimes(1);

    cleanup();
    const again = vi.fn();
    render(<Menu onClosed={again} />);
    act(() => {
      drawer().dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    act(() => vi.advanceTimersByTime(500));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("a confirmation opened from it closes by itself without closing the drawer", () => {
    const onClosed = vi.fn();
    const view = render(<Menu onClosed={onClosed} />);
    fireEvent.click(view.getByRole("button", { name: "Wyloguj" }));
    const confirm = view.getByRole("dialog", { name: "Wylogować?" }) as HTMLDialogElement;
    act(() => {
      confirm.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(confirm.open).toBe(false);
    expect(drawer().open).toBe(true);
    expect(drawer().hasAttribute("data-closing")).toBe(false);
    expect(onClosed).not.toHaveBeenCalled();
  });
});
