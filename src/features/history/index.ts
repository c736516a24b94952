/**
 * What the history feature shares: the chart of the day, loaded lazily with uPlot in its
 * own chunk (routes render it inside Suspense).
 */
import { lazy } from "react";
export type { HistorySensor } from "./components/HistoryDialog";

/** {@link import("./components/HistoryDialog").HistoryDialog}, loaded on first use (uPlot stays out of the first screen). */
export const LazyHistoryDialog = lazy(() =>
  import("./components/HistoryDialog").then((m) => ({ default: m.HistoryDialog })),
);
