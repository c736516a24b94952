import { format } from "date-fns";
import { pl } from "date-fns/locale";
import { useAtomValue, useSetAtom } from "jotai";
import { Lock, LockOpen, Play } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Recording } from "../../../../contract/camera-controls";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { cameraClientsAtom } from "../atoms";
import { toggleRecordingLockCommand } from "../commands";
import { fetchRecordings, recordingSnapshotUrl, recordingUrl } from "../controls-api";
import { recordingsChanged } from "../live";
import { MjpegView } from "./MjpegView";
import { SnapshotImage } from "./SnapshotImage";
import "./controls.css";

/** When a recording began, in Polish (spec §1: timestamps are formatted in Polish): '23 lis 2026, 14:05:09'. */
export function recordingTime(recording: Recording): string {
  return format(new Date(recording.startedAt), "d MMM yyyy, HH:mm:ss", { locale: pl });
}

type Load = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; items: Recording[] };

/**
 * A camera's recordings (spec §3 "Recording: locked flag", §5, §7), newest first: the snapshot
 * thumbnail when it has one (`GET /recordings/{id}/snapshot.jpg` with the session), what was seen
 * (`label` translated: person 'Osoba', car 'Samochód'…, an unknown one as it is), when (date-fns,
 * Polish), how long and how big (when the hub keeps it), a lock toggle ('Zablokuj'/'Odblokuj',
 * `aria-pressed`) whose state is the hub's answer (`item.locked`), and 'Odtwórz', which plays an
 * `mjpeg` clip in an MJPEG view at its recorded pace and an `mp4` one in `<video controls playsinline>`. Loaded when shown and again whenever the hub says the camera's
 * recordings changed (`camera/recordings/<id>`). The lock is disabled while offline or locked.
 * Its own chunk (loaded lazily by CameraControls).
 */
export default function RecordingsList({ cameraId, label }: { cameraId: string; label: string }) {
  const { t } = useTranslation();
  const clients = useAtomValue(cameraClientsAtom);
  const changed = useAtomValue(recordingsChanged(cameraId));
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [playing, setPlaying] = useState<Recording | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!clients) return;
    let current = true;
    fetchRecordings(clients.cameras, cameraId)
      .then((result) => current && setLoad({ status: "ready", items: result.data }))
      .catch(
        (error: unknown) =>
          current && setLoad({ status: "failed", message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [clients, cameraId, changed, attempt]);

  const replace = useCallback((recording: Recording) => {
    setLoad((now) =>
      now.status === "ready"
        ? { status: "ready", items: now.items.map((item) => (item.id === recording.id ? recording : item)) }
        : now,
    );
  }, []);

  return (
    <section className="recordings" aria-labelledby={`recordings-${cameraId}`} data-testid={`recordings-${cameraId}`}>
      <h2 id={`recordings-${cameraId}`} className="recordings__title">
        {t("cameraControls.recordings")}
      </h2>
      {playing && clients && (
        <div className="recordings__player">
          <div className="camera-live__frame">
            {playing.media === "mp4" ? (
              <video
                key={playing.id}
                className="camera-live__picture camera-live__picture--contain"
                src={recordingUrl(clients.cameras, playing.id)}
                controls
                playsInline
                autoPlay
                muted
                aria-label={t("cameraControls.playing", { label, time: recordingTime(playing) })}
                data-testid="recording-video"
              />
            ) : (
              <MjpegView
                url={recordingUrl(clients.cameras, playing.id)}
                label={t("cameraControls.playing", { label, time: recordingTime(playing) })}
                active
                className="camera-live__picture camera-live__picture--contain"
                onFrame={() => {}}
                onError={() => {}}
              />
            )}
          </div>
          <button type="button" className="button" onClick={() => setPlaying(null)}>
            {t("cameraControls.stopPlayback")}
          </button>
        </div>
      )}
      {load.status === "loading" && <p className="muted">{t("app.loading")}</p>}
      {load.status === "failed" && (
        <div role="alert">
          <p>{t("cameraControls.recordingsFailed", { message: load.message })}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t("cameraControls.retry")}
          </button>
        </div>
      )}
      {load.status === "ready" && load.items.length === 0 && (
        <p className="muted">{t("cameraControls.noRecordings")}</p>
      )}
      {load.status === "ready" && load.items.length > 0 && (
        <ul className="recordings__list">
          {load.items.map((recording) => (
            <RecordingRow
              key={recording.id}
              recording={recording}
              onChange={replace}
              onPlay={() => setPlaying(recording)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What an NVR saw, in the user's language (`cameraControls.objects`); a label without a translation as it is. */
export function useObjectLabel(): (label: string) => string {
  const { t, i18n } = useTranslation();
  return (label) => {
    const key = `cameraControls.objects.${label}`;
    return i18n.exists(key) ? t(key as "cameraControls.objects.person") : label;
  };
}

/** One recording: its snapshot, what was seen, time, duration, size, the lock toggle and play. */
function RecordingRow({
  recording,
  onChange,
  onPlay,
}: {
  recording: Recording;
  onChange: (recording: Recording) => void;
  onPlay: () => void;
}) {
  const { t } = useTranslation();
  const clients = useAtomValue(cameraClientsAtom);
  const objectLabel = useObjectLabel();
  const toggle = useSetAtom(toggleRecordingLockCommand);
  const gate = useCommandGate({ key: `recording-lock:${recording.id}` });
  const { disabled } = gate;
  const time = recordingTime(recording);
  const onToggle = async () => {
    const outcome = await toggle({ id: recording.id });
    if (outcome.status === "done") onChange(outcome.value);
  };
  return (
    <li className="recordings__item" data-testid={`recording-${recording.id}`} data-locked={recording.locked}>
      {recording.snapshot && clients && (
        <SnapshotImage
          url={recordingSnapshotUrl(clients.cameras, recording.id)}
          className="recordings__thumb"
          testId={`recording-thumb-${recording.id}`}
        />
      )}
      <span className="recordings__meta">
        {recording.label !== undefined && (
          <span className="recordings__label" data-testid={`recording-label-${recording.id}`}>
            {objectLabel(recording.label)}
          </span>
        )}
        <span className="recordings__time">{time}</span>
        <span className="muted">
          {t("cameraControls.seconds", { value: Math.round(recording.durationMs / 1000) })}
          {recording.bytes > 0 && (
            <>
              {" · "}
              {t("cameraControls.kilobytes", { value: Math.max(1, Math.round(recording.bytes / 1024)) })}
            </>
          )}
        </span>
      </span>
      <span className="recordings__actions">
        <button
          type="button"
          className="button"
          aria-label={t("cameraControls.playRecording", { time })}
          onClick={onPlay}
        >
          <Play size={20} aria-hidden="true" /> {t("cameraControls.play")}
        </button>
        <button
          type="button"
          className="button recordings__lock"
          aria-pressed={recording.locked}
          aria-label={t(recording.locked ? "cameraControls.unlockRecording" : "cameraControls.lockRecording", { time })}
          disabled={disabled}
          {...gateReasonProps(gate)}
          onClick={() => void onToggle()}
        >
          {recording.locked ? <Lock size={20} aria-hidden="true" /> : <LockOpen size={20} aria-hidden="true" />}{" "}
          {recording.locked ? t("cameraControls.unlock") : t("cameraControls.lock")}
        </button>
      </span>
    </li>
  );
}
