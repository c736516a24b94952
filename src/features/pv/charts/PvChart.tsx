import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { debounceResize } from "../../../ui/resize";

/** Props of {@link PvChart}. */
export type PvChartProps = {
  /** `line`: a day's power curve; `bars`: a month's energy per day. */
  kind: "line" | "bars";
  /** Point times, epoch ms, oldest first (bars: each day's local noon). */
  times: readonly number[];
  /** The values, same length as `times` (null: a gap, a day without data). */
  values: readonly (number | null)[];
  /** The window shown, epoch ms. */
  from: number;
  to: number;
  /** The x axis' labels ('06:00'; '21'). */
  formatTime: (epochMs: number) => string;
  /** The y axis' labels with their unit ('4,2 kW'; '40 kWh'). */
  formatValue: (value: number) => string;
  /** Spacing of the x axis' ticks, seconds (the day: 1, 2, 3 or 6 hours; the month: days). */
  ticks: readonly number[];
  /** The chart's accessible name: what it shows in words (the canvas is not readable by a screen reader). */
  label: string;
  testId: string;
};

const HEIGHT = 280;

/** A CSS custom property of the page (the chart follows the app's colours), or `fallback`. */
function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === "" ? fallback : value;
}

/**
 * The PV screen's chart drawn by uPlot on a canvas (as the history's chart of the day): a line
 * for a day's power, bars for a month's energy per day; large type for a tablet; y from 0. Fills its
 * container's width and follows it 100 ms after the last size change (spec §9 "resize debounce").
 * A `role="img"` wrapper carries `label`.
 */
export function PvChart({
  kind,
  times,
  values,
  from,
  to,
  formatTime,
  formatValue,
  ticks,
  label,
  testId,
}: PvChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const text = cssVar("--text", "#eef2f6");
    const grid = cssVar("--border", "#3a4552");
    const accent = cssVar("--accent", "#7cc4ff");
    const font = `15px ${cssVar("--font", "system-ui")}`;
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const bars = kind === "bars" ? uPlot.paths.bars?.({ size: [0.7, 48] }) : undefined;
    const options: uPlot.Options = {
      width: Math.max(host.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: () => [from / 1000, to / 1000] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { ...axis, space: 48, incrs: [...ticks], values: (_u, splits) => splits.map((s) => formatTime(s * 1000)) },
        { ...axis, size: 96, values: (_u, splits) => splits.map((s) => formatValue(s)) },
      ],
      series: [
        {},
        kind === "bars"
          ? { stroke: accent, fill: accent, width: 1, points: { show: false }, ...(bars ? { paths: bars } : {}) }
          : { stroke: accent, fill: `${accent}33`, width: 3, points: { show: times.length < 3 }, spanGaps: false },
      ],
    };
    const data: uPlot.AlignedData = [times.map((t) => t / 1000), [...values]];
    const plot = new uPlot(options, data, host);
    const follow = debounceResize(() => plot.setSize({ width: Math.max(host.clientWidth, 200), height: HEIGHT }));
    const observer = new ResizeObserver(() => follow());
    observer.observe(host);
    return () => {
      observer.disconnect();
      follow.cancel();
      plot.destroy();
    };
  }, [kind, times, values, from, to, formatTime, formatValue, ticks]);
  return <div ref={hostRef} className="pv-chart" role="img" aria-label={label} data-testid={testId} />;
}
