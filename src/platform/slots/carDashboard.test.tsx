import { render, screen } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { arrangeCarSections, CarDashboardProvider, CarDashboardSections } from "./carDashboard";

const Devices = () => <p>Brama</p>;
const Later = lazy(async () => ({ default: () => <p>Czajnik</p> }));

describe("CarDashboardSections: what other parts show on the car dashboard", () => {
  it("renders each provided section, a lazy one once loaded, each named by its id", async () => {
    const { container } = render(
      <CarDashboardProvider
        value={[
          { id: "devices", Component: Devices },
          { id: "pv", Component: Later },
        ]}
      >
        <CarDashboardSections />
      </CarDashboardProvider>,
    );
    expect(screen.getByText("Brama")).toBeTruthy();
    expect(await screen.findByText("Czajnik")).toBeTruthy();
    const ids = [...container.querySelectorAll("[data-car-section]")].map((node) =>
      node.getAttribute("data-car-section"),
    );
    expect(ids).toEqual(["devices", "pv"]);
  });

  it("renders the sections it is given, in their order, instead of the provided ones", () => {
    const { container } = render(
      <CarDashboardProvider value={[{ id: "devices", Component: Devices }]}>
        <CarDashboardSections
          sections={[
            { section: { id: "garage", Component: () => <p>Garaż</p> } },
            { section: { id: "devices", Component: Devices } },
          ]}
        />
      </CarDashboardProvider>,
    );
    expect(container.textContent).toBe("GarażBrama");
  });

  it("hands a section the items it is to show", () => {
    const Items = ({ only }: { only?: readonly string[] | undefined }) => <p>{only ? only.join("+") : "wszystkie"}</p>;
    const { container } = render(
      <CarDashboardSections sections={[{ section: { id: "devices", Component: Items }, only: ["b", "a"] }]} />,
    );
    expect(container.textContent).toBe("b+a");
  });

  it("renders nothing when no part brings one", () => {
    const { container } = render(<CarDashboardSections />);
    expect(container.innerHTML).toBe("");
  });
});

describe("arrangeCarSections: a panel profile's carButtons on the car dashboard", () => {
  const all = ["switches", "devices", "pv", "garage"].map((id) => ({ id }));
  const ids = (list: readonly { section: { id: string }; only?: readonly string[] }[]) =>
    list.map((item) => (item.only ? `${item.section.id}[${item.only.join(",")}]` : item.section.id));

  it("without carButtons shows every section in the app's order", () => {
    expect(ids(arrangeCarSections(all, undefined))).toEqual(["switches", "devices", "pv", "garage"]);
  });

  it("shows only the ticked ids, in the profile's order", () => {
    expect(ids(arrangeCarSections(all, ["garage", "switches"]))).toEqual(["garage", "switches"]);
  });

  it("skips unknown ids (a part not in this app, a hostile name) and repeats", () => {
    expect(ids(arrangeCarSections(all, ["pv", "__proto__", "toString", "pv", "nope", "devices"]))).toEqual([
      "pv",
      "devices",
    ]);
  });

  it("'devices:<id>' shows that adopted device of the devices section where it stands; neighbours share one place", () => {
    expect(
      ids(arrangeCarSections(all, ["devices:lamp-2", "devices:gate", "garage", "devices:lamp-1", "devices:"])),
    ).toEqual(["devices[lamp-2,gate]", "garage", "devices[lamp-1]"]);
    expect(ids(arrangeCarSections(all, ["nope:x", ":x", "devices", "devices:x"]))).toEqual(["devices", "devices[x]"]);
  });

  it("an empty list hides every section", () => {
    expect(arrangeCarSections(all, [])).toEqual([]);
  });
});
