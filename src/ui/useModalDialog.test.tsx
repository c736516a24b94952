import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useModalDialog } from "./useModalDialog";
import { useModalPresence } from "./useModalPresence";

/** A dialog that stays mounted: `open` drives it, 'Zamknij' and Escape close it. */
function Panel({ initiallyOpen = true, closeMs }: { initiallyOpen?: boolean; closeMs?: number }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(initiallyOpen);
  useModalDialog(ref, open, closeMs === undefined ? {} : { closeMs });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Otwórz
      </button>
      <dialog ref={ref} aria-label="Panel" onCancel={() => setOpen(false)}>
        <button type="button" onClick={() => setOpen(false)}>
          Zamknij
        </button>
      </dialog>
    </>
  );
}

/** A dialog its owner unmounts when closed, kept for the closing animation by useModalPresence. */
function Owner() {
  const [open, setOpen] = useState(true);
  const rendered = useModalPresence(open);
  return rendered ? <Popup open={open} onClose={() => setOpen(false)} /> : null;
}
function Popup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open);
  return (
    <dialog ref={ref} aria-label="Popup" data-testid="popup">
      <button type="button" onClick={onClose}>
        Zamknij
      </button>
    </dialog>
  );
}

const dialog = () => document.querySelector("dialog") as HTMLDialogElement;

/** Answers `prefers-reduced-motion: reduce` with `reduce`, as the user's setting would. */
function reduceMotion(reduce: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    query.includes("prefers-reduced-motion") ? ({ matches: reduce, media: query } as MediaQueryList) : real(query),
  );
}

describe("modal dialogs open and close with a 300 ms animation (spec §9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("opens as a modal at once (the stylesheet animates it in)", () => {
    reduceMotion(false);
    render(<Panel />);
    expect(dialog().open).toBe(true);
    expect(dialog().hasAttribute("data-closing")).toBe(false);
  });

  it("closing keeps it open and inert, marked data-closing, for 300 ms, then closes it", () => {
    reduceMotion(false);
    const view = render(<Panel />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    expect(dialog().open).toBe(true);
    expect(dialog().hasAttribute("data-closing")).toBe(true);
    expect(dialog().inert).toBe(true);
    act(() => vi.advanceTimersByTime(299));
    expect(dialog().open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(dialog().open).toBe(false);
    expect(dialog().hasAttribute("data-closing")).toBe(false);
    expect(dialog().inert).toBe(false);
  });

  it("Escape's cancel is held and closes it the same animated way", () => {
    reduceMotion(false);
    render(<Panel />);
    const cancel = new Event("cancel", { cancelable: true });
    act(() => {
      dialog().dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog().hasAttribute("data-closing")).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    expect(dialog().open).toBe(false);
  });

  it("opening again while it closes cancels the close", () => {
    reduceMotion(false);
    const view = render(<Panel />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(view.getByRole("button", { name: "Otwórz", hidden: true }));
    act(() => vi.advanceTimersByTime(500));
    expect(dialog().open).toBe(true);
    expect(dialog().hasAttribute("data-closing")).toBe(false);
  });

  it("a longer closeMs (the drawer's 500 ms) is waited for", () => {
    reduceMotion(false);
    const view = render(<Panel closeMs={500} />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    act(() => vi.advanceTimersByTime(499));
    expect(dialog().open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(dialog().open).toBe(false);
  });

  it("with reduced motion it closes at once, with no closing state", () => {
    reduceMotion(true);
    const view = render(<Panel />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    expect(dialog().open).toBe(false);
    expect(dialog().hasAttribute("data-closing")).toBe(false);
  });

  it("an owner that unmounts it keeps it rendered through the 300 ms closing animation", () => {
    reduceMotion(false);
    const view = render(<Owner />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    expect(view.queryByTestId("popup")).not.toBeNull();
    act(() => vi.advanceTimersByTime(299));
    expect(view.queryByTestId("popup")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(view.queryByTestId("popup")).toBeNull();
  });

  it("with reduced motion the owner unmounts it at once", () => {
    reduceMotion(true);
    const view = render(<Owner />);
    fireEvent.click(view.getByRole("button", { name: "Zamknij" }));
    expect(view.queryByTestId("popup")).toBeNull();
  });
});
