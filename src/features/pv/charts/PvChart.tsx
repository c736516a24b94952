import { useEffect, useRef } from "react";
import uPlot from "uplot";
import { chartTheme, mountChart, type ChartOptions } from "../../../ui/chart";

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
    const { accent, axis } = chartTheme(15);
    const bars = kind === "bars" ? uPlot.paths.bars?.({ size: [0.7, 48] }) : undefined;
    const options: ChartOptions = {
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
    return mountChart(host, HEIGHT, options, [times.map((t) => t / 1000), [...values]]);
  }, [kind, times, values, from, to, formatTime, formatValue, ticks]);
  return <div ref={hostRef} className="pv-chart" role="img" aria-label={label} data-testid={testId} />;
}
