import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";

afterEach(cleanup);

const props = { title: "Wylogować?", confirmLabel: "Wyloguj", cancelLabel: "Anuluj", onConfirm: () => {} };

describe("a confirmation's ways out", () => {
  it("Escape, a click on the backdrop and the browser closing it on its own each cancel once", () => {
    const onCancel = vi.fn();
    const view = render(<ConfirmDialog {...props} open onCancel={onCancel} />);
    const dialog = view.container.querySelector("dialog") as HTMLDialogElement;
    expect(fireEvent(dialog, new Event("cancel", { cancelable: true }))).toBe(false);
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog);
    expect(onCancel).toHaveBeenCalledTimes(2);
    fireEvent(dialog, new Event("close"));
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  it("a click inside the box does not cancel, nor a backdrop click while busy", () => {
    const onCancel = vi.fn();
    const view = render(<ConfirmDialog {...props} open busy onCancel={onCancel} />);
    fireEvent.click(view.getByText("Wylogować?"));
    fireEvent.click(view.container.querySelector("dialog") as HTMLDialogElement);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("closing it by setting open false is not reported as a cancel", () => {
    const onCancel = vi.fn();
    const view = render(<ConfirmDialog {...props} open onCancel={onCancel} />);
    view.rerender(<ConfirmDialog {...props} open={false} onCancel={onCancel} />);
    fireEvent(view.container.querySelector("dialog") as HTMLDialogElement, new Event("close"));
    expect(onCancel).not.toHaveBeenCalled();
  });
});
