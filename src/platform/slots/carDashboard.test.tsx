import { render, screen } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { CarDashboardProvider, CarDashboardSections } from "./carDashboard";

const Devices = () => <p>Brama</p>;
const Later = lazy(async () => ({ default: () => <p>Czajnik</p> }));

describe("CarDashboardSections: what other parts show on the car dashboard", () => {
  it("renders each provided section, a lazy one once loaded", async () => {
    render(
      <CarDashboardProvider value={[Devices, Later]}>
        <CarDashboardSections />
      </CarDashboardProvider>,
    );
    expect(screen.getByText("Brama")).toBeTruthy();
    expect(await screen.findByText("Czajnik")).toBeTruthy();
  });

  it("renders nothing when no part brings one", () => {
    const { container } = render(<CarDashboardSections />);
    expect(container.innerHTML).toBe("");
  });
});
