import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { moveUp, OrderedTicks, tickRows, type TickRow } from "./OrderedTicks";

afterEach(cleanup);

const CAR = ["switches", "devices", "pv", "garage"];

describe("tickRows / moveUp: a profile's list as rows to tick and order", () => {
  it("no profile list: null (the app's order, all shown)", () => {
    expect(tickRows(CAR, undefined)).toBeNull();
  });

  it("the profile's known ids ticked in its order, the rest unticked after, unknown and repeated ids dropped", () => {
    expect(tickRows(CAR, ["garage", "nope", "switches", "garage"])).toEqual([
      { id: "garage", shown: true },
      { id: "switches", shown: true },
      { id: "devices", shown: false },
      { id: "pv", shown: false },
    ]);
  });

  it("moveUp swaps a row with the one above; the first stays", () => {
    const rows = CAR.map((id) => ({ id, shown: true }));
    expect(moveUp(rows, 2).map((row) => row.id)).toEqual(["switches", "pv", "devices", "garage"]);
    expect(moveUp(rows, 0).map((row) => row.id)).toEqual(CAR);
  });
});

/** The list as a form holds it. */
function Harness({ onRows }: { onRows: (rows: TickRow[]) => void }) {
  const [rows, setRows] = useState<TickRow[]>(CAR.map((id) => ({ id, shown: true })));
  return (
    <OrderedTicks
      legend="Pulpit samochodowy"
      intro="Zaznaczone są widoczne"
      rows={rows}
      nameOf={(id) => `Sekcja ${id}`}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
    />
  );
}

describe("OrderedTicks: the household ticks and orders a list", () => {
  it("unticking hides a row, 'Wyżej' moves one up; checkboxes are named after the rows", () => {
    let last: TickRow[] = [];
    renderWithApp(<Harness onRows={(rows) => (last = rows)} />);
    expect(screen.getByRole("group", { name: "Pulpit samochodowy" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Wyżej: Sekcja switches" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Sekcja devices" }));
    fireEvent.click(screen.getByRole("button", { name: "Wyżej: Sekcja garage" }));
    fireEvent.click(screen.getByRole("button", { name: "Wyżej: Sekcja garage" }));
    expect(last.filter((row) => row.shown).map((row) => row.id)).toEqual(["switches", "garage", "pv"]);
    const labels = screen.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent?.trim());
    expect(labels).toEqual(["Sekcja switches", "Sekcja garage", "Sekcja devices", "Sekcja pv"]);
  });
});
