import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, renderWithApp } from "../../../test/render";
import { applyLiveBatch } from "../../../platform/live/apply";
import { switchesAtom } from "../atoms";
import { ChosenSwitches } from "./ChosenSwitches";

afterEach(cleanup);

describe("ChosenSwitches (settings dashboardSwitches / carDashboardSwitches, spec §3)", () => {
  it("shows the switches chosen in the setting as switch tiles labelled from /config/switches; nothing when unset or malformed", () => {
    const store = createTestStore();
    store.set(switchesAtom, [
      { name: "lampa_salon", label: "Lampa w salonie", purpose: "light" },
      { name: "listwa", label: "Listwa w biurze", purpose: null },
    ]);
    const live = (topic: string, value: unknown) =>
      act(() => applyLiveBatch(store, new Map([[topic, { value, receivedAt: Date.now() }]])));
    renderWithApp(<ChosenSwitches settingKey="dashboardSwitches" />, store);
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
    live("settings/dashboardSwitches", { not: "a list" });
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
    live("settings/dashboardSwitches", ["lampa_salon", "listwa/2"]);
    live("power/listwa/POWER2", { state: "ON" });
    expect(screen.getAllByRole("switch").map((s) => s.getAttribute("aria-labelledby") && s.textContent)).toEqual([
      "Lampa w salonieBrak danych",
      "Listwa w biurze, przekaźnik 2Włączony",
    ]);
    expect(screen.getByRole("switch", { name: "Listwa w biurze, przekaźnik 2" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    live("settings/carDashboardSwitches", ["listwa/1"]);
    expect(screen.getAllByRole("switch")).toHaveLength(2); // the home screen's setting only
  });
});
