import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { isApiError } from "../../../lib/api/errors";
import { isSessionRefusal } from "../../../lib/api/refusal";
import { LIVE_VIEW, type CameraStream } from "../../../../contract/cameras";
import { cameraClientsAtom } from "../atoms";
import { openRtc } from "../rtc";
import { LiveVideo } from "./LiveVideo";
import { watchVideoFrames } from "./videoFrames";

/** Props of {@link RtcView}. */
export type RtcViewProps = {
  id: string;
  stream: CameraStream;
  label: string;
  active: boolean;
  audio: boolean;
  className: string;
  onFrame: () => void;
  onError: (message: string) => void;
  /** The hub refused the SDP offer (4xx but 409/429: it serves no WebRTC for this camera); retrying cannot help. */
  onUnsupported?: (message: string) => void;
};

/**
 * Live WebRTC (spec §4, §7): a receive-only peer connection (rtc.ts) into a `<video>` labelled with
 * the camera label. A failed or disconnected connection, or no frame for 3 s, closes it and opens
 * a new one 500 ms later (not after the hub refused the offer with a 4xx other than 409 unreachable
 * or 429 too many streams, which pass: then the view moves on to the next mode; nor after a 401 or
 * 403 refusing the session, which the API client has reported: then it stops);
 * there is never more than one peer connection per view, and it is closed
 * when the view stops (hidden, scrolled away, paused, unmounted).
 */
export function RtcView({
  id,
  stream,
  label,
  active,
  audio,
  className,
  onFrame,
  onError,
  onUnsupported,
}: RtcViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const clients = useAtomValue(cameraClientsAtom);
  const callbacks = useRef({ onFrame, onError, onUnsupported });
  callbacks.current = { onFrame, onError, onUnsupported };
  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video || !clients) return;
    let pc: RTCPeerConnection | null = null;
    let stopWatch: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const restart = (message: string) => {
      if (stopped) return;
      stopWatch?.();
      stopWatch = null;
      pc?.close();
      pc = null;
      callbacks.current.onError(message);
      if (retry === null) retry = setTimeout(connect, LIVE_VIEW.retryWaitMs);
    };
    const connect = () => {
      retry = null;
      openRtc(clients.camerasV5, id, stream, (event) => {
        video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      }).then(
        (opened) => {
          if (stopped) {
            opened.close();
            return;
          }
          pc = opened;
          opened.onconnectionstatechange = () => {
            if (opened.connectionState === "failed" || opened.connectionState === "closed")
              restart(`WebRTC ${opened.connectionState}`);
          };
          stopWatch = watchVideoFrames(
            video,
            () => callbacks.current.onFrame(),
            () => restart("No frame"),
          );
          void video.play().catch(() => undefined);
        },
        (error: unknown) => {
          // The session is locked or gone: the API client reported it (spec §4); nothing to retry or switch.
          if (isSessionRefusal(error)) {
            if (!stopped) callbacks.current.onError(error.message);
            return;
          }
          // The hub refused the offer (4xx: no WebRTC for this camera): retrying cannot help; the
          // live view moves on to the camera's next mode (or shows the error when it has none).
          // Busy (409: the camera's gateway unreachable) and too many streams (429) pass: retried.
          if (isApiError(error) && error.kind === "client" && error.status !== 409 && error.status !== 429)
            (callbacks.current.onUnsupported ?? callbacks.current.onError)(error.message);
          else restart(error instanceof Error ? error.message : String(error));
        },
      );
    };
    connect();
    return () => {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      stopWatch?.();
      pc?.close();
      video.srcObject = null;
    };
  }, [id, stream, active, clients]);
  return <LiveVideo ref={videoRef} label={label} audio={audio} className={className} />;
}
