import { Suspense, useCallback, useState, type ReactNode } from "react";
import type { ApiClient } from "../../lib/api/client";
import { LazyHistoryDialog, type HistorySensor } from "../../features/history";

/**
 * The chart of the day as a route opens it (issue 13): `open(sensor)` shows the history feature's
 * dialog (loaded lazily with uPlot, its own chunk) for that sensor, `element` renders it (null while
 * closed). Used by home and /weather, whose sensor tiles carry the 'Wykres dnia' button.
 */
export function useSensorHistory(general: ApiClient): { open: (sensor: HistorySensor) => void; element: ReactNode } {
  const [sensor, setSensor] = useState<HistorySensor | null>(null);
  const open = useCallback((next: HistorySensor) => setSensor({ kind: next.kind, place: next.place, label: next.label }), []);
  const element =
    sensor === null ? null : (
      <Suspense fallback={null}>
        <LazyHistoryDialog key={`${sensor.kind}/${sensor.place}`} sensor={sensor} general={general} onClose={() => setSensor(null)} />
      </Suspense>
    );
  return { open, element };
}
