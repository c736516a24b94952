import { format } from "date-fns";
import { enGB, pl } from "date-fns/locale";
import { useAtomValue } from "jotai";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PvDayStats, PvMonthStats } from "../../../../contract/pv";
import type { Locale } from "../../../../contract/preferences";
import { commandEnvAtom } from "../../../platform/commands";
import { localeAtom } from "../../../platform/preferences/atoms";
import { fetchPvDay, fetchPvMonth } from "../api";
import { pvLogsAtom } from "../atoms";
import { formatKwh, formatPower } from "../components/format";
import { asKind, dateOfDay, dayText, isDayText, isMonthText, shiftPeriod, type PvPeriod } from "./period";
import { PvChart } from "./PvChart";
import "./charts.css";

const DATE_LOCALES = { pl, en: enGB } as const;
const HOUR_S = 3600;
const DAY_TICKS = [HOUR_S, 2 * HOUR_S, 3 * HOUR_S, 6 * HOUR_S] as const;
const MONTH_TICKS = [86_400, 2 * 86_400, 7 * 86_400] as const;

type Load<T> = { state: "loading" } | { state: "error" } | { state: "done"; stats: T };

/** The local day (`YYYY-MM-DD`) a log ends on: where the charts open after an upload. */
const lastDayOf = (to: string) => dayText(new Date(Date.parse(to)));

/** `GET /pv/day` or `/pv/month` for `period`, refetched when it or `attempt` changes; aborted when left. */
function usePeriodStats(period: PvPeriod, attempt: number): Load<PvDayStats | PvMonthStats> {
  const general = useAtomValue(commandEnvAtom)?.api.general;
  const [load, setLoad] = useState<Load<PvDayStats | PvMonthStats>>({ state: "loading" });
  useEffect(() => {
    if (!general) return;
    const controller = new AbortController();
    setLoad({ state: "loading" });
    const call =
      period.kind === "day"
        ? fetchPvDay(general, period.day, controller.signal)
        : fetchPvMonth(general, period.month, controller.signal);
    call.then(
      (stats) => setLoad({ state: "done", stats }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: "error" });
      },
    );
    return () => controller.abort();
  }, [general, period, attempt]);
  return load;
}

/** The period written out: 'niedziela, 21 czerwca 2026' or 'czerwiec 2026' (date-fns, the user's language). */
function periodName(period: PvPeriod, locale: Locale): string {
  const options = { locale: DATE_LOCALES[locale] };
  return period.kind === "day"
    ? format(dateOfDay(period.day), "EEEE, d MMMM yyyy", options)
    : format(dateOfDay(`${period.month}-01`), "LLLL yyyy", options);
}

/**
 * The PV screen's charts of the uploaded logs: 'Dzień' (the day's power curve, W, with its energy
 * kWh and peak power) and 'Miesiąc' (the energy of each day as bars, kWh, with the month's total and
 * peak), previous and next, and a date (or month) picker. Opens on the last day of the newest log
 * and follows each upload. Every figure is written out beside the chart (its summary, and the
 * month's days in a table) for screen readers and for reading from afar; Polish formats by default.
 * Loaded lazily with uPlot, in its own chunk.
 */
export function PvCharts() {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const logs = useAtomValue(pvLogsAtom);
  const newest = logs?.[0];
  const [period, setPeriod] = useState<PvPeriod>(() => ({ kind: "day", day: dayText(new Date()) }));
  const [attempt, setAttempt] = useState(0);
  const pickerId = useId();
  const headingId = useId();
  useEffect(() => {
    if (newest === undefined) return;
    const day = lastDayOf(newest.to);
    setPeriod((was) => (was.kind === "day" ? { kind: "day", day } : { kind: "month", month: day.slice(0, 7) }));
  }, [newest?.id, newest?.to]); // eslint-disable-line react-hooks/exhaustive-deps -- follow a new log, not its object
  const load = usePeriodStats(period, attempt);
  const kwh = useCallback((value: number) => formatKwh(value, locale), [locale]);
  const watts = useCallback((value: number) => formatPower(value, locale), [locale]);
  const name = periodName(period, locale);
  const step = (by: number) => setPeriod((was) => shiftPeriod(was, by));
  return (
    <section className="pv-charts" aria-labelledby={headingId} data-testid="pv-charts">
      <h2 id={headingId}>{t("pv.charts.title")}</h2>
      <div className="pv-charts__kinds" role="group" aria-label={t("pv.charts.kind")}>
        {(["day", "month"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button pv-charts__kind"
            aria-pressed={period.kind === kind}
            onClick={() => setPeriod((was) => asKind(was, kind))}
          >
            {t(`pv.charts.${kind}`)}
          </button>
        ))}
      </div>
      <div className="pv-charts__nav">
        <button
          type="button"
          className="button pv-charts__step"
          aria-label={t(period.kind === "day" ? "pv.charts.previousDay" : "pv.charts.previousMonth")}
          title={t(period.kind === "day" ? "pv.charts.previousDay" : "pv.charts.previousMonth")}
          onClick={() => step(-1)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <p className="pv-charts__period" aria-live="polite" data-testid="pv-charts-period">
          {name}
        </p>
        <button
          type="button"
          className="button pv-charts__step"
          aria-label={t(period.kind === "day" ? "pv.charts.nextDay" : "pv.charts.nextMonth")}
          title={t(period.kind === "day" ? "pv.charts.nextDay" : "pv.charts.nextMonth")}
          onClick={() => step(1)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
        <label className="pv-charts__pick" htmlFor={pickerId}>
          <span>{t(period.kind === "day" ? "pv.charts.pickDay" : "pv.charts.pickMonth")}</span>
          <input
            id={pickerId}
            className="pv-charts__input"
            type={period.kind === "day" ? "date" : "month"}
            min={period.kind === "day" ? "2000-01-01" : "2000-01"}
            max={period.kind === "day" ? "2099-12-31" : "2099-12"}
            value={period.kind === "day" ? period.day : period.month}
            onChange={(event) => {
              const value = event.target.value;
              if (period.kind === "day" && isDayText(value)) setPeriod({ kind: "day", day: value });
              if (period.kind === "month" && isMonthText(value)) setPeriod({ kind: "month", month: value });
            }}
          />
        </label>
      </div>
      {load.state === "loading" && <p className="muted pv-charts__note">{t("pv.charts.loading")}</p>}
      {load.state === "error" && (
        <p className="pv-charts__note" role="alert">
          {t("pv.charts.failed")}{" "}
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t("pv.charts.retry")}
          </button>
        </p>
      )}
      {load.state === "done" && "points" in load.stats && (
        <DayView stats={load.stats} name={name} kwh={kwh} watts={watts} locale={locale} />
      )}
      {load.state === "done" && "days" in load.stats && (
        <MonthView stats={load.stats} name={name} kwh={kwh} watts={watts} locale={locale} />
      )}
    </section>
  );
}

type ViewProps<T> = {
  stats: T;
  name: string;
  kwh: (value: number) => string;
  watts: (value: number) => string;
  locale: Locale;
};

/** The figures of a period in large type: energy and peak ('—' when unknown). */
function Figures({
  energy,
  peak,
  kwh,
  watts,
}: { energy: number | null; peak: number | null } & Pick<ViewProps<unknown>, "kwh" | "watts">) {
  const { t } = useTranslation();
  return (
    <dl className="pv-charts__figures">
      <div>
        <dt>{t("pv.energy")}</dt>
        <dd data-testid="pv-charts-energy">{energy === null ? "—" : kwh(energy)}</dd>
      </div>
      <div>
        <dt>{t("pv.peak")}</dt>
        <dd data-testid="pv-charts-peak">{peak === null ? "—" : watts(peak)}</dd>
      </div>
    </dl>
  );
}

const TIME_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  pl: new Intl.DateTimeFormat("pl-PL", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  en: new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

/** A day: its energy and peak, the power curve (W) and the summary a screen reader reads. */
function DayView({ stats, name, kwh, watts, locale }: ViewProps<PvDayStats>) {
  const { t } = useTranslation();
  const series = useMemo(
    () => ({ times: stats.points.map((p) => Date.parse(p.time)), values: stats.points.map((p) => p.powerW) }),
    [stats],
  );
  const formatTime = useCallback((ms: number) => TIME_FORMATS[locale].format(ms), [locale]);
  if (stats.energyKwh === null && stats.points.length === 0)
    return <p className="muted pv-charts__note">{t("pv.charts.emptyDay")}</p>;
  const summary = t("pv.charts.daySummary", {
    date: name,
    energy: stats.energyKwh === null ? "—" : kwh(stats.energyKwh),
    peak: stats.peakW === null ? "—" : watts(stats.peakW),
  });
  return (
    <>
      <Figures energy={stats.energyKwh} peak={stats.peakW} kwh={kwh} watts={watts} />
      <PvChart
        kind="line"
        times={series.times}
        values={series.values}
        from={Date.parse(stats.from)}
        to={Date.parse(stats.to)}
        formatTime={formatTime}
        formatValue={watts}
        ticks={DAY_TICKS}
        label={summary}
        testId="pv-day-chart"
      />
      <p className="pv-charts__summary" data-testid="pv-charts-summary">
        {summary}
      </p>
    </>
  );
}

/** A month: its total and peak, the energy of each day as bars (kWh), the summary, and the days in a table. */
function MonthView({ stats, name, kwh, watts, locale }: ViewProps<PvMonthStats>) {
  const { t } = useTranslation();
  const series = useMemo(
    () => ({
      times: stats.days.map((d) => dateOfDay(d.day).getTime()),
      values: stats.days.map((d) => d.energyKwh),
    }),
    [stats],
  );
  const formatTime = useCallback((ms: number) => format(ms, "d", { locale: DATE_LOCALES[locale] }), [locale]);
  const first = series.times[0] ?? 0;
  const last = series.times[series.times.length - 1] ?? 0;
  if (stats.energyKwh === null) return <p className="muted pv-charts__note">{t("pv.charts.emptyMonth")}</p>;
  const summary = t("pv.charts.monthSummary", {
    month: name,
    energy: kwh(stats.energyKwh),
    peak: stats.peakW === null ? "—" : watts(stats.peakW),
    days: stats.days.filter((d) => d.energyKwh !== null).length,
  });
  return (
    <>
      <Figures energy={stats.energyKwh} peak={stats.peakW} kwh={kwh} watts={watts} />
      <PvChart
        kind="bars"
        times={series.times}
        values={series.values}
        from={first - 43_200_000}
        to={last + 43_200_000}
        formatTime={formatTime}
        formatValue={kwh}
        ticks={[...MONTH_TICKS]}
        label={summary}
        testId="pv-month-chart"
      />
      <p className="pv-charts__summary" data-testid="pv-charts-summary">
        {summary}
      </p>
      <details className="pv-charts__table">
        <summary>{t("pv.charts.table")}</summary>
        <table>
          <caption className="visually-hidden">{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{t("pv.charts.tableDay")}</th>
              <th scope="col">{t("pv.energy")}</th>
              <th scope="col">{t("pv.peak")}</th>
            </tr>
          </thead>
          <tbody>
            {stats.days
              .filter((d) => d.energyKwh !== null || d.peakW !== null)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{format(dateOfDay(d.day), "d MMMM", { locale: DATE_LOCALES[locale] })}</th>
                  <td>{d.energyKwh === null ? "—" : kwh(d.energyKwh)}</td>
                  <td>{d.peakW === null ? "—" : watts(d.peakW)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
