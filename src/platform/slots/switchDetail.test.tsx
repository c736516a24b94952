import { render, screen } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { SwitchDetailProvider, SwitchDetails, type SwitchDetailProps } from "./switchDetail";

const Power = ({ name, label }: SwitchDetailProps) => <p>{`${label} (${name}): 2635 W`}</p>;
const Later = lazy(async () => ({ default: ({ label }: SwitchDetailProps) => <p>{`${label}: later`}</p> }));

describe("SwitchDetails: what other parts show on a switch", () => {
  it("renders each provided detail for the switch, a lazy one once loaded", async () => {
    render(
      <SwitchDetailProvider value={[Power, Later]}>
        <SwitchDetails name="pralka" label="Pralka" />
      </SwitchDetailProvider>,
    );
    expect(screen.getByText("Pralka (pralka): 2635 W")).toBeTruthy();
    expect(await screen.findByText("Pralka: later")).toBeTruthy();
  });

  it("renders nothing when no part brings a detail", () => {
    const { container } = render(<SwitchDetails name="pralka" label="Pralka" />);
    expect(container.innerHTML).toBe("");
  });
});
