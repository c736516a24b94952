import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { SLOT_MS } from "../../../../contract/history";
import type { Locale } from "../../../../contract/preferences";
import { debounceResize } from "../../../ui/resize";

/** Props of {@link HistoryChart}. */
export type HistoryChartProps = {
  /** Bucket starts, epoch ms, oldest first. */
  times: readonly number[];
  /** Average per bucket, same length as `times`. */
  values: readonly number[];
  /** The window shown, epoch ms (spec §9: one day plus one slot). */
  from: number;
  to: number;
  /** The series' name in the legend ('Temperatura'). */
  name: string;
  /** Formats a value with its unit ('21,7°C'). */
  formatValue: (value: number) => string;
  locale: Locale;
  /** The chart's accessible name and summary (the canvas itself is not readable by a screen reader). */
  label: string;
};

const HEIGHT = 320;
const TIME_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  pl: new Intl.DateTimeFormat("pl-PL", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  en: new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

/** A CSS custom property of the page (the chart follows the app's colours), or `fallback`. */
function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === "" ? fallback : value;
}

/**
 * The day's line chart drawn by uPlot on a canvas: time on x with a grid line every slot
 * (1 hour, spec §9) labelled in 24-hour local time, the value on y with its unit, large type for a
 * tablet. Fills its container's width and follows it 100 ms after the last size change (spec §9
 * "resize debounce"). A `role="img"` wrapper carries `label`.
 */
export function HistoryChart({ times, values, from, to, name, formatValue, locale, label }: HistoryChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const text = cssVar("--text", "#eef2f6");
    const grid = cssVar("--border", "#3a4552");
    const accent = cssVar("--accent", "#7cc4ff");
    const font = `16px ${cssVar("--font", "system-ui")}`;
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(host.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, range: () => [from / 1000, to / 1000] } },
      axes: [
        {
          ...axis,
          space: 60,
          incrs: [SLOT_MS / 1000, (2 * SLOT_MS) / 1000, (3 * SLOT_MS) / 1000, (6 * SLOT_MS) / 1000],
          values: (_u, splits) => splits.map((s) => TIME_FORMATS[locale].format(s * 1000)),
        },
        { ...axis, size: 90, values: (_u, splits) => splits.map((s) => formatValue(s)) },
      ],
      series: [{}, { label: name, stroke: accent, width: 3, points: { show: times.length < 3 }, spanGaps: false }],
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
  }, [times, values, from, to, name, formatValue, locale]);
  return <div ref={hostRef} className="history-chart" role="img" aria-label={label} data-testid="history-chart" />;
}
