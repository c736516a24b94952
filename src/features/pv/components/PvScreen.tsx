import { useAtom, useAtomValue, useSetAtom, useStore } from "jotai";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PvLogSummary } from "../../../../contract/pv";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { ProgressBar, progressPercent } from "../../../ui/ProgressBar";
import { nowAtom } from "../../../platform/clock/atoms";
import { commandEnvAtom, gateReasonProps, useCommandGate } from "../../../platform/commands";
import { localeAtom } from "../../../platform/preferences/atoms";
import { failedLine, fetchPvLogs } from "../api";
import { pvLogsAtom, pvUploadProgressAtom } from "../atoms";
import { uploadPvLogCommand } from "../commands";
import { PvSummary } from "./PvSummary";
import "./pv.css";

/** The charts of the uploaded logs, loaded on first use with uPlot in their own chunk. */
const LazyPvCharts = lazy(() => import("../charts/PvCharts").then((m) => ({ default: m.PvCharts })));

type Outcome =
  { kind: "done"; log: PvLogSummary } | { kind: "badLine"; line: number; message: string } | { kind: "failed" } | null;

/** The stored logs, newest first (GET /pv/logs, fetched on mount). */
function PvLogList() {
  const { t } = useTranslation();
  const store = useStore();
  const [logs, setLogs] = useAtom(pvLogsAtom);
  const [failed, setFailed] = useState(false);
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom);
  const headingId = useId();
  useEffect(() => {
    const env = store.get(commandEnvAtom);
    if (!env) return;
    fetchPvLogs(env.api.general).then(
      (items) => setLogs(items),
      () => setFailed(true),
    );
  }, [store, setLogs]);
  return (
    <section className="pv-logs" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("pv.logs")}</h2>
      {failed && logs === null && <p role="alert">{t("pv.logsFailed")}</p>}
      {logs !== null && logs.length === 0 && <p className="muted">{t("pv.noLogs")}</p>}
      {logs !== null && logs.length > 0 && (
        <ul className="pv-logs__list" data-testid="pv-logs">
          {logs.map((log) => (
            <li key={log.id} className="pv-logs__item">
              <h3 className="pv-logs__name">
                {log.name}{" "}
                <span className="muted">
                  {t("pv.uploadedAt", { time: formatRelativeTime(Date.parse(log.uploadedAt), now, locale) })}
                </span>
              </h3>
              <PvSummary log={log} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The PV screen's body (/pv): a file picker, 'Wyślij' with the upload's progress (a bar on
 * the 0-100 scale of spec §9, 'Postęp wysyłania'), what
 * the hub parsed (rows, energy, peak, period) or the line that failed, the charts of the logs per day
 * and per month (charts/PvCharts.tsx, lazily), and the logs uploaded so far.
 * Disabled while offline or locked (nothing is sent, never queued).
 */
export function PvScreen() {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [missing, setMissing] = useState(false);
  const progress = useAtomValue(pvUploadProgressAtom);
  const gate = useCommandGate({ key: "pv:upload" });
  const { disabled, pending } = gate;
  const upload = useSetAtom(uploadPvLogCommand);
  const percent = progress ? progressPercent(progress.loaded, progress.total) : null;
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setOutcome(null);
    const result = await upload(file);
    if (result.status === "done") setOutcome({ kind: "done", log: result.value });
    else if (result.status === "failed") {
      const bad = failedLine(result.error);
      setOutcome(
        bad ? { kind: "badLine", line: bad.line, message: bad.message.replace(/^line \d+: /, "") } : { kind: "failed" },
      );
    }
  };
  return (
    <div className="pv">
      <form className="pv-upload" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <label htmlFor={inputId} className="pv-upload__label">
          {t("pv.file")}
        </label>
        <p id={`${inputId}-hint`} className="muted pv-upload__hint">
          {t("pv.fileHint")}
        </p>
        <div className="pv-upload__row">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="pv-upload__input"
            aria-describedby={`${inputId}-hint${missing ? ` ${inputId}-missing` : ""}`}
            aria-invalid={missing || undefined}
            disabled={disabled}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
              setOutcome(null);
            }}
          />
          <button type="submit" className="button button--primary" disabled={disabled} {...gateReasonProps(gate)}>
            {t("pv.upload")}
          </button>
        </div>
        {missing && (
          <p id={`${inputId}-missing`} className="pv-error" role="alert">
            {t("pv.chooseFile")}
          </p>
        )}
        {pending && (
          <div className="pv-progress">
            <ProgressBar value={percent} label={t("pv.progress")} />
            <span aria-live="polite">{t("pv.uploading", { percent: percent ?? 0 })}</span>
          </div>
        )}
      </form>
      {outcome?.kind === "done" && (
        <section className="pv-result" aria-label={t("pv.result", { name: outcome.log.name })} data-testid="pv-result">
          <h2>{t("pv.result", { name: outcome.log.name })}</h2>
          <PvSummary log={outcome.log} testId="pv-result-summary" />
        </section>
      )}
      {outcome?.kind === "badLine" && (
        <p className="pv-error" role="alert" data-testid="pv-error">
          {t("pv.badLine", { line: outcome.line, message: outcome.message })}
        </p>
      )}
      {outcome?.kind === "failed" && (
        <p className="pv-error" role="alert" data-testid="pv-error">
          {t("pv.failed")}
        </p>
      )}
      <Suspense fallback={<p className="muted">{t("pv.charts.loading")}</p>}>
        <LazyPvCharts />
      </Suspense>
      <PvLogList />
    </div>
  );
}
