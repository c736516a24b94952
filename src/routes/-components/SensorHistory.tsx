import { Suspense, useCallback, useState, type ReactNode } from "react";
import type { ApiClient } from "../../lib/api/client";
import { LazyHistoryDialog, type HistorySensor } from "../../features/history";
import { useModalPresence } from "../../ui/useModalPresence";

/**
 * The chart of the day as a route opens it: `open(sensor)` shows the history feature's
 * dialog (loaded lazily with uPlot, its own chunk) for that sensor, `element` renders it (null while
 * closed, after its closing animation). Used by home and /weather, whose sensor tiles carry the
 * 'Wykres dnia' button.
 */
export function useSensorHistory(general: ApiClient): { open: (sensor: HistorySensor) => void; element: ReactNode } {
  // The sensor stays set while the dialog plays its closing animation; `shown` says whether it is open.
  const [sensor, setSensor] = useState<HistorySensor | null>(null);
  const [shown, setShown] = useState(false);
  const rendered = useModalPresence(shown);
  const open = useCallback((next: HistorySensor) => {
    setSensor({ kind: next.kind, place: next.place, label: next.label });
    setShown(true);
  }, []);
  const element =
    sensor === null || !rendered ? null : (
      <Suspense fallback={null}>
        <LazyHistoryDialog
          key={`${sensor.kind}/${sensor.place}`}
          sensor={sensor}
          general={general}
          open={shown}
          onClose={() => setShown(false)}
        />
      </Suspense>
    );
  return { open, element };
}
