import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { breakpointOf, useBreakpoint } from "./breakpoint";

function Shown() {
  return <p>{useBreakpoint()}</p>;
}

/** happy-dom's handle on its window (sizes it and fires `resize`). */
const happyDom = (window as unknown as { happyDOM: { setInnerWidth(width: number): void } }).happyDOM;

/** Resizes the happy-dom window and fires `resize`, as a browser does while a window's edge is dragged. */
function resizeTo(width: number) {
  act(() => happyDom.setInnerWidth(width));
}

describe("breakpoints (spec §2) follow the window 100 ms after the last resize (spec §9)", () => {
  const initial = window.innerWidth;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    happyDom.setInnerWidth(initial);
  });

  it("maps widths to mobile < 600, tablet < 1024, desktop < 1600, huge", () => {
    expect([390, 599, 600, 1023, 1024, 1599, 1600, 1920].map(breakpointOf)).toEqual([
      "mobile",
      "mobile",
      "tablet",
      "tablet",
      "desktop",
      "desktop",
      "huge",
      "huge",
    ]);
  });

  it("re-renders once, 100 ms after the last resize event of a drag", () => {
    resizeTo(1280);
    const view = render(<Shown />);
    expect(view.container.textContent).toBe("desktop");
    for (const width of [1000, 800, 600, 390]) {
      resizeTo(width);
      act(() => vi.advanceTimersByTime(40));
    }
    expect(view.container.textContent).toBe("desktop");
    act(() => vi.advanceTimersByTime(59));
    expect(view.container.textContent).toBe("desktop");
    act(() => vi.advanceTimersByTime(1));
    expect(view.container.textContent).toBe("mobile");
  });
});
