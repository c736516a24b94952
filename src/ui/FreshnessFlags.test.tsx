import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FreshnessFlags } from "./FreshnessFlags";

afterEach(cleanup);

const labels = { loading: "Ładowanie…", outdated: "Nieaktualne", stale: "Przestarzałe" };

describe("a reading tile's freshness flag (spec §9)", () => {
  it("says nothing while the reading is fresh", () => {
    const view = render(<FreshnessFlags freshness="fresh" labels={labels} />);
    expect(view.container.textContent).toBe("");
  });

  it.each([
    ["loading", "Ładowanie…"],
    ["outdated", "Nieaktualne"],
    ["stale", "Przestarzałe"],
  ] as const)("shows %s as '%s' with its own class and a hidden icon", (freshness, text) => {
    const view = render(<FreshnessFlags freshness={freshness} labels={labels} />);
    const flag = view.container.querySelector(".tile__flag");
    expect(flag?.className).toBe(`tile__flag tile__flag--${freshness}`);
    expect(flag?.textContent).toBe(text);
    expect(flag?.querySelector(".tile__flag-icon svg")).not.toBeNull();
    expect(flag?.querySelector(".tile__flag-icon")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("draws a different icon for each state", () => {
    const icons = (["loading", "outdated", "stale"] as const).map((freshness) => {
      const view = render(<FreshnessFlags freshness={freshness} labels={labels} />);
      const svg = view.container.querySelector("svg")?.getAttribute("class") ?? "";
      view.unmount();
      return svg;
    });
    expect(new Set(icons).size).toBe(3);
  });
});
