import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import type { SensorKind } from "../../../../contract/sensors";
import { readingParts, readingText, sensorReadingAtom, useReadingWords } from "../../sensors";
import { SeriesHistoryDialog } from "./SeriesHistoryDialog";

/** The sensor whose day is shown. */
export type HistorySensor = { kind: SensorKind; place: string; label: string };

/** Props of {@link HistoryDialog}. */
export type HistoryDialogProps = {
  sensor: HistorySensor;
  /** The general API base's client (GET /events/day). */
  general: ApiClient;
  /** Shown while true; turning false plays the closing animation (the owner keeps it rendered meanwhile, useModalPresence). */
  open: boolean;
  onClose: () => void;
};

/**
 * A sensor's chart of the day (spec §9 "History"): the {@link SeriesHistoryDialog} of its kind at its
 * place, named by the kind ('Temperatura'), its values read as the sensor tile reads them, the live
 * reading as the current value. Loaded lazily with uPlot, in its own chunk.
 */
export function HistoryDialog({ sensor, general, open, onClose }: HistoryDialogProps) {
  const { t } = useTranslation();
  const live = useAtomValue(sensorReadingAtom(sensor.kind, sensor.place));
  const words = useReadingWords();
  const formatValue = useCallback(
    (value: number) => readingText(readingParts(sensor.kind, value, words)),
    [sensor.kind, words],
  );
  return (
    <SeriesHistoryDialog
      series={{
        event: sensor.kind,
        device: sensor.place,
        kindName: t(`sensors.kinds.${sensor.kind}`),
        label: sensor.label,
        formatValue,
        current: live?.value ?? null,
      }}
      general={general}
      open={open}
      onClose={onClose}
    />
  );
}
