import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { debounceResize } from "./resize";

/** The narrowest a chart is drawn, px, whatever its container's width. */
const MIN_WIDTH = 200;

/** A CSS custom property of the page (the chart follows the app's colours), or `fallback`. */
function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === "" ? fallback : value;
}

/** The app's look for a uPlot chart: the series' colour and the style both axes share. */
export type ChartTheme = {
  /** The accent colour (`--accent`), for the series' line, fill or bars. */
  accent: string;
  /** Spread into each of `options.axes`: text colour, font, grid and tick lines in `--border`. */
  axis: Pick<uPlot.Axis, "stroke" | "font" | "grid" | "ticks">;
};

/**
 * The chart's colours and type read from the page's CSS custom properties now (`--text`, `--border`,
 * `--accent`, `--font`, with the dark theme's values when one is unset), the axes' labels at
 * `fontPx` pixels (large, for a tablet).
 */
export function chartTheme(fontPx: number): ChartTheme {
  const text = cssVar("--text", "#eef2f6");
  const grid = cssVar("--border", "#3a4552");
  const font = `${fontPx}px ${cssVar("--font", "system-ui")}`;
  return {
    accent: cssVar("--accent", "#7cc4ff"),
    axis: { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
  };
}

/** A chart's own uPlot options: all but the size, which {@link mountChart} sets and keeps. */
export type ChartOptions = Omit<uPlot.Options, "width" | "height">;

/**
 * Draws a uPlot chart of `data` (x in epoch seconds) into `host`: as wide as the host (at least
 * 200 px) and `height` px tall, no legend, no drag-to-zoom, then `options` on top. Follows the host's
 * width 100 ms after its last size change (spec §9 "resize debounce"). Returns the teardown, which
 * stops following and destroys the chart (call it from the effect's cleanup).
 */
export function mountChart(
  host: HTMLElement,
  height: number,
  options: ChartOptions,
  data: uPlot.AlignedData,
): () => void {
  const width = () => Math.max(host.clientWidth, MIN_WIDTH);
  const plot = new uPlot(
    { width: width(), height, legend: { show: false }, cursor: { drag: { x: false, y: false } }, ...options },
    data,
    host,
  );
  const follow = debounceResize(() => plot.setSize({ width: width(), height }));
  const observer = new ResizeObserver(() => follow());
  observer.observe(host);
  return () => {
    observer.disconnect();
    follow.cancel();
    plot.destroy();
  };
}
