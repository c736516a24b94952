import { afterEach, describe, expect, it, vi } from "vitest";
import { isLockedDownPath, watchCornerTaps } from "./lockedDown";
import { swallowGesture } from "./swallowGesture";

function tap(x: number, y: number, type = "pointerdown"): void {
  const event = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true });
  window.dispatchEvent(event);
}

describe("locked-down mode", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps the menu and settings routes behind the PIN, not home or the car dashboard", () => {
    expect(isLockedDownPath("/menu")).toBe(true);
    expect(isLockedDownPath("/automations")).toBe(true);
    expect(isLockedDownPath("/devices/z2m:lampa")).toBe(true);
    expect(isLockedDownPath("/")).toBe(false);
    expect(isLockedDownPath("/car-dashboard")).toBe(false);
    expect(isLockedDownPath("/menus")).toBe(false);
  });

  it("the hidden gesture: five taps in the top-left corner within 3 s, not four, not elsewhere, not slower", () => {
    vi.useFakeTimers();
    const onGesture = vi.fn();
    const stop = watchCornerTaps({ onGesture });
    for (let i = 0; i < 4; i++) tap(10, 10);
    expect(onGesture).not.toHaveBeenCalled();
    tap(10, 10);
    expect(onGesture).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 4; i++) tap(10, 10);
    tap(300, 300); // elsewhere: starts over
    tap(10, 10);
    expect(onGesture).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    for (let i = 0; i < 5; i++) {
      tap(10, 10);
      vi.advanceTimersByTime(800);
    }
    expect(onGesture).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe("the waking gesture", () => {
  it("swallows the rest of the gesture: the button under the finger gets no click", () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button type="button">Światło</button>';
    const button = document.querySelector("button") as HTMLButtonElement;
    const pressed = vi.fn();
    button.addEventListener("click", pressed);
    swallowGesture(window);
    for (const type of ["pointerup", "mouseup", "click"]) button.dispatchEvent(new MouseEvent(type, { bubbles: true }));
    expect(pressed).not.toHaveBeenCalled();
    button.click(); // the next tap is a real one
    expect(pressed).toHaveBeenCalledTimes(1);
    // A quick second tap (its pointerdown after the first one's pointerup) is not swallowed either.
    swallowGesture(window);
    button.dispatchEvent(new MouseEvent("pointerup", { bubbles: true }));
    button.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
    document.body.innerHTML = "";
  });
});
