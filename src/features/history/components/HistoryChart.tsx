import { useEffect, useRef } from "react";
import { SLOT_MS } from "../../../../contract/history";
import type { Locale } from "../../../../contract/preferences";
import { chartTheme, mountChart, type ChartOptions } from "../../../ui/chart";

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
    const { accent, axis } = chartTheme(16);
    const options: ChartOptions = {
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
    return mountChart(host, HEIGHT, options, [times.map((t) => t / 1000), [...values]]);
  }, [times, values, from, to, name, formatValue, locale]);
  return <div ref={hostRef} className="history-chart" role="img" aria-label={label} data-testid="history-chart" />;
}
