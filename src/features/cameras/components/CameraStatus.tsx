import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { cameraSilenceAtom, cameraStateFamily } from "../state";
import "./cameraStatus.css";

/**
 * One camera's state in words, from the hub's `camera/state/<cameraId>` (spec §3; docs/contract.md
 * "Camera state"), on the camera's card in /cameras and above its live view: 'Kamera działa' while
 * frames arrive, 'Brak sygnału od 2 min' when the camera answers but sends nothing (how long from
 * the app clock), 'Kamera niedostępna' when the hub cannot reach it, 'Hub nie odczyta tej kamery
 * (brak ffmpeg)', and how many live streams of it the hub serves ('Oglądający: 2'). Nothing before
 * the first state arrives, for a camera whose state is unknown, or for a disabled one (its card and
 * view say 'Kamera wyłączona' already).
 */
export function CameraStatus({ cameraId }: { cameraId: string }) {
  const { t } = useTranslation();
  const state = useAtomValue(cameraStateFamily(cameraId));
  const silence = useAtomValue(cameraSilenceAtom(cameraId));
  if (!state || state.state === "unknown" || state.reason === "disabled") return null;
  const words =
    state.state === "online"
      ? t("camera.status.online")
      : state.state === "no-signal"
        ? t("camera.status.noSignal", { duration: silence ?? "" })
        : state.reason === "unsupported"
          ? t("camera.status.unsupported")
          : t("camera.status.unreachable");
  return (
    <span className="camera-status" data-state={state.state} data-testid={`camera-status-${cameraId}`}>
      <span className="camera-status__dot" aria-hidden="true" />
      <span className="camera-status__words">{words}</span>
      {state.viewers > 0 && (
        <span className="camera-status__viewers">{t("camera.status.viewers", { count: state.viewers })}</span>
      )}
    </span>
  );
}
