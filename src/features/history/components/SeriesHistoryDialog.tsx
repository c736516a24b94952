import { useModalDialog } from "../../../ui/useModalDialog";
import { X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { dayOf, dayWindow, type HistoryItem } from "../../../../contract/history";
import { fetchDayHistory } from "../api";
import { summarize } from "../summary";
import { DatePicker } from "./DatePicker";
import { HistoryChart } from "./HistoryChart";
import "./history.css";

/**
 * One recorded series (contract/history.ts): `event` of `device`, as the dialog names it (`kindName`:
 * 'Temperatura', 'Moc'; `label`: the place or the switch), how a value reads (`formatValue`: '21,5 °C',
 * '2 635 W') and the value now (`current`, null when unknown).
 */
export type HistorySeries = {
  event: string;
  device: string;
  kindName: string;
  label: string;
  formatValue: (value: number) => string;
  current: number | null;
};

/** Props of {@link SeriesHistoryDialog}. */
export type SeriesHistoryDialogProps = {
  series: HistorySeries;
  /** The general API base's client (GET /events/day). */
  general: ApiClient;
  /** Shown while true; turning false plays the closing animation (the owner keeps it rendered meanwhile, useModalPresence). */
  open: boolean;
  onClose: () => void;
};

type Load = { state: "loading" } | { state: "error" } | { state: "done"; items: HistoryItem[] };

/**
 * A series' chart of the day (spec §9 "History") in a modal dialog: the date picker
 * ('Dzisiaj' selects the current time), the lowest, highest and current value in large type, and the
 * uPlot chart of `GET /events/day` in 5-minute buckets over the day plus the hour before. Loading,
 * an empty day and a failed call each say so in Polish; 'Spróbuj ponownie' retries. Escape and
 * 'Zamknij' close it; it opens and closes with the modal animation of spec §9 (useModalDialog). Loaded
 * lazily with uPlot, in its own chunk.
 */
export function SeriesHistoryDialog({ series: shown, general, open, onClose }: SeriesHistoryDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [selected, setSelected] = useState(() => Date.now());
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const day = dayOf(selected);
  const window = dayWindow(day);
  const { event, device, kindName, label, formatValue } = shown;

  useModalDialog(dialogRef, open);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: "loading" });
    fetchDayHistory(general, { day, events: [event], devices: [device] }, controller.signal).then(
      (items) => setLoad({ state: "done", items }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: "error" });
      },
    );
    return () => controller.abort();
  }, [general, day, event, device, attempt]);

  const series = useMemo(() => {
    const items = load.state === "done" ? load.items : [];
    return {
      times: items.map((i) => Date.parse(i.time)),
      values: items.map((i) => i.value),
      summary: summarize(items),
    };
  }, [load]);

  const stat = (name: string, value: number | null, testId: string) => (
    <div className="history__stat">
      <dt>{name}</dt>
      <dd data-testid={testId}>{value === null ? t("sensors.noReading") : formatValue(value)}</dd>
    </div>
  );

  return (
    <dialog
      ref={dialogRef}
      className="history"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid="history-dialog"
    >
      <div className="history__box">
        <div className="history__head">
          <h2 id={titleId} className="history__title">
            {t("history.title", { kind: kindName, label })}
          </h2>
          <button type="button" className="button history__close" onClick={onClose}>
            <X aria-hidden="true" /> {t("history.close")}
          </button>
        </div>
        <DatePicker value={selected} onChange={setSelected} locale={locale} />
        <dl className="history__stats">
          {stat(t("history.min"), series.summary.min, "history-min")}
          {stat(t("history.max"), series.summary.max, "history-max")}
          {stat(t("history.current"), shown.current, "history-current")}
        </dl>
        {load.state === "loading" && <p className="history__note">{t("history.loading")}</p>}
        {load.state === "error" && (
          <p className="history__note" role="alert">
            {t("history.failed")}{" "}
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t("history.retry")}
            </button>
          </p>
        )}
        {load.state === "done" && load.items.length === 0 && <p className="history__note">{t("history.empty")}</p>}
        {load.state === "done" && load.items.length > 0 && window && (
          <HistoryChart
            times={series.times}
            values={series.values}
            from={window.from}
            to={window.to}
            name={kindName}
            formatValue={formatValue}
            locale={locale}
            label={t("history.chartLabel", {
              kind: kindName,
              label,
              min: series.summary.min === null ? "" : formatValue(series.summary.min),
              max: series.summary.max === null ? "" : formatValue(series.summary.max),
            })}
          />
        )}
      </div>
    </dialog>
  );
}
