import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProgressBar, progressPercent } from "./ProgressBar";

afterEach(cleanup);

describe("progress bars on a 0-100 scale (spec §9)", () => {
  it("turns bytes sent of a total into a rounded percent, capped at 100", () => {
    expect(progressPercent(0, 2048)).toBe(0);
    expect(progressPercent(1024, 2048)).toBe(50);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2048, 2048)).toBe(100);
    expect(progressPercent(4096, 2048)).toBe(100);
  });

  it("has no percent while the total is unknown", () => {
    expect(progressPercent(512, 0)).toBeNull();
    expect(progressPercent(512, Number.NaN)).toBeNull();
  });

  it("is a progressbar named by its label with max 100 and the value, indeterminate without one", () => {
    const view = render(<ProgressBar value={42} label="Postęp wysyłania" />);
    const bar = view.getByRole("progressbar", { name: "Postęp wysyłania" }) as HTMLProgressElement;
    expect(bar.max).toBe(100);
    expect(bar.getAttribute("value")).toBe("42");
    view.rerender(<ProgressBar value={null} label="Postęp wysyłania" />);
    expect(bar.hasAttribute("value")).toBe(false);
  });
});
