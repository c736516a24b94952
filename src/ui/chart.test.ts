import { afterEach, describe, expect, it } from "vitest";
import { chartTheme } from "./chart";

afterEach(() => document.documentElement.removeAttribute("style"));

describe("the charts' look follows the app's colours", () => {
  it("takes the text, border, accent and font of the page's CSS custom properties", () => {
    const root = document.documentElement.style;
    root.setProperty("--text", "#111111");
    root.setProperty("--border", "#222222");
    root.setProperty("--accent", "#333333");
    root.setProperty("--font", "Inter");
    expect(chartTheme(16)).toEqual({
      accent: "#333333",
      axis: {
        stroke: "#111111",
        font: "16px Inter",
        grid: { stroke: "#222222", width: 1 },
        ticks: { stroke: "#222222", width: 1 },
      },
    });
  });

  it("falls back to the dark theme's colours and the system font when the page sets none", () => {
    const theme = chartTheme(15);
    expect(theme.accent).toBe("#7cc4ff");
    expect(theme.axis.stroke).toBe("#eef2f6");
    expect(theme.axis.font).toBe("15px system-ui");
  });
});
