import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useRevealSteps } from "./useRevealSteps";

afterEach(cleanup);

function Sections({ total, initial, enabled }: { total: number; initial?: number; enabled?: boolean }) {
  const shown = useRevealSteps(total, initial, enabled);
  return (
    <ol>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>section {i}</li>
      ))}
    </ol>
  );
}

describe("useRevealSteps (a long screen mounted one section per transition)", () => {
  it("renders the first sections at once and the rest one after another, in order, until all are there", async () => {
    const view = render(<Sections total={5} initial={2} />);
    expect(view.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["section 0", "section 1"]);
    await waitFor(() => expect(view.getAllByRole("listitem")).toHaveLength(5));
    expect(view.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "section 0",
      "section 1",
      "section 2",
      "section 3",
      "section 4",
    ]);
  });

  it("holds at the first sections while not enabled (home waiting for the live state), then goes on", async () => {
    const view = render(<Sections total={4} initial={1} enabled={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.getAllByRole("listitem")).toHaveLength(1);
    view.rerender(<Sections total={4} initial={1} enabled />);
    await waitFor(() => expect(view.getAllByRole("listitem")).toHaveLength(4));
  });

  it("never shows more than there are, and follows a total that shrinks", async () => {
    const view = render(<Sections total={1} initial={3} />);
    expect(view.getAllByRole("listitem")).toHaveLength(1);
    view.rerender(<Sections total={0} initial={3} />);
    expect(view.queryAllByRole("listitem")).toHaveLength(0);
  });
});
