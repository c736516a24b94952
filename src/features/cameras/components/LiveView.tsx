import { useAtom, useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIVE_VIEW, hlsPath, type Camera } from "../../../../contract/cameras";
import { mjpegUrl } from "../api";
import { cameraClientsAtom } from "../atoms";
import { isFeatureFlagOn } from "../flags";
import {
  cameraUiStatesAtom,
  hadUserInteraction,
  nextMode,
  nextScaling,
  uiStateOf,
  type CameraUiState,
} from "../uiState";
import { HlsView } from "./HlsView";
import { LegacyMjpegView } from "./LegacyMjpegView";
import { MjpegView } from "./MjpegView";
import { RtcView } from "./RtcView";
import { useStreamActive } from "./useStreamActive";
import "./cameras.css";

/** Props of {@link LiveView}. */
export type LiveViewProps = {
  camera: Camera;
  /** Show the mode, scaling, stream, play and audio buttons (the full live page); default false. */
  controls?: boolean;
};

/**
 * One camera's live picture (spec §2, §4): the overlay 'Łączenie' until the first frame and again
 * when none came for 3 s; the picture's alt text is the camera label; scaling stretch, contain or
 * cover and optional black-and-white from the camera's settings; the mode (rtc, hls, mjpeg) from
 * the per-camera UI state (remembered in this browser), MJPEG in the legacy image mode with the
 * `mjpeg-old` feature flag; when the hub refuses the WebRTC offer (4xx: it serves none) the view
 * moves on to the camera's next mode by itself. It streams only while the page is visible and the
 * view on screen.
 */
export function LiveView({ camera, controls = false }: LiveViewProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const [stored, setStored] = useAtom(cameraUiStatesAtom);
  const clients = useAtomValue(cameraClientsAtom);
  const state = uiStateOf(camera, stored[camera.id], hadUserInteraction());
  const onScreen = useStreamActive(frameRef);
  const active = onScreen && state.play && camera.enabled;
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stallTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const handleFrame = useCallback(() => {
    setConnected(true);
    setError(null);
    if (stallTimer.current) clearTimeout(stallTimer.current);
    stallTimer.current = setTimeout(() => setConnected(false), LIVE_VIEW.frameTimeoutMs);
  }, []);
  const handleError = useCallback((message: string) => setError(message), []);
  useEffect(() => {
    setConnected(false);
    return () => {
      if (stallTimer.current) clearTimeout(stallTimer.current);
    };
  }, [state.mode, state.stream, active]);

  const update = (change: Partial<CameraUiState>) => setStored([camera.id, { ...state, ...change }]);
  const className = `camera-live__picture camera-live__picture--${state.scaling}${camera.blackAndWhite ? " camera-live__picture--bw" : ""}`;
  const common = { label: camera.label, active, className, onFrame: handleFrame, onError: handleError };
  const base = clients?.cameras.baseUrl.replace(/\/$/, "") ?? "";

  return (
    <div
      className="camera-live"
      data-testid={`camera-live-${camera.id}`}
      data-mode={state.mode}
      data-scaling={state.scaling}
    >
      <div className="camera-live__frame" ref={frameRef}>
        {!camera.enabled ? (
          <p className="camera-live__overlay">{t("camera.disabled")}</p>
        ) : (
          <>
            {clients &&
              state.mode === "mjpeg" &&
              (isFeatureFlagOn("mjpeg-old") ? (
                <LegacyMjpegView url={mjpegUrl(clients.cameras, camera.id)} {...common} />
              ) : (
                <MjpegView url={mjpegUrl(clients.cameras, camera.id)} {...common} />
              ))}
            {state.mode === "hls" && (
              <HlsView url={`${base}${hlsPath(camera.id, state.stream)}`} audio={state.audio} {...common} />
            )}
            {state.mode === "rtc" && (
              <RtcView
                id={camera.id}
                stream={state.stream}
                audio={state.audio}
                {...common}
                onUnsupported={(message) => {
                  // No WebRTC from this hub for this camera: the next supported mode (hls, mjpeg), remembered.
                  const next = nextMode(camera, "rtc");
                  if (next === "rtc") handleError(message);
                  else update({ mode: next });
                }}
              />
            )}
            {!connected && (
              <div className="camera-live__overlay" role="status" data-testid="camera-connecting">
                <span>{state.play ? t("camera.connecting") : t("camera.paused")}</span>
                {error && state.play && (
                  <small className="camera-live__error">{t("camera.failed", { message: error })}</small>
                )}
              </div>
            )}
          </>
        )}
      </div>
      {controls && camera.enabled && (
        <div className="camera-live__controls" role="group" aria-label={t("camera.controls")}>
          <button type="button" className="button" onClick={() => update({ mode: nextMode(camera, state.mode) })}>
            {t("camera.mode", { mode: t(`camera.modes.${state.mode}`) })}
          </button>
          <button type="button" className="button" onClick={() => update({ scaling: nextScaling(state.scaling) })}>
            {t("camera.scaling", { scaling: t(`camera.scalings.${state.scaling}`) })}
          </button>
          {camera.streams.mobile && (
            <button
              type="button"
              className="button"
              onClick={() => update({ stream: state.stream === "mobile" ? "full" : "mobile" })}
            >
              {t("camera.stream", { stream: t(`camera.streams.${state.stream}`) })}
            </button>
          )}
          <button
            type="button"
            className="button"
            aria-pressed={state.play}
            onClick={() => update({ play: !state.play })}
          >
            {state.play ? t("camera.pause") : t("camera.play")}
          </button>
          <button
            type="button"
            className="button"
            aria-pressed={state.audio}
            onClick={() => update({ audio: !state.audio })}
          >
            {state.audio ? t("camera.audioOn") : t("camera.audioOff")}
          </button>
        </div>
      )}
    </div>
  );
}
