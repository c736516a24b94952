/**
 * What the history feature shares: the chart of the day, loaded lazily with uPlot in its
 * own chunk (routes render it inside Suspense).
 */
import { lazy } from "react";
export type { HistorySensor } from "./components/HistoryDialog";
export type { HistorySeries } from "./components/SeriesHistoryDialog";

/** {@link import("./components/HistoryDialog").HistoryDialog}, loaded on first use (uPlot stays out of the first screen). */
export const LazyHistoryDialog = lazy(() =>
  import("./components/HistoryDialog").then((m) => ({ default: m.HistoryDialog })),
);

/**
 * {@link import("./components/SeriesHistoryDialog").SeriesHistoryDialog}: the chart of the day of any
 * recorded series (a device family's, e.g. a switch's power), loaded on first use like the sensor's.
 */
export const LazySeriesHistoryDialog = lazy(() =>
  import("./components/SeriesHistoryDialog").then((m) => ({ default: m.SeriesHistoryDialog })),
);
