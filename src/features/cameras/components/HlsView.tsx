import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { LIVE_VIEW } from "../../../../contract/cameras";
import { cameraClientsAtom } from "../atoms";
import { HLS_PLAYER_CONFIG, hlsRefusalOf } from "../hlsPlayer";
import { LiveVideo } from "./LiveVideo";
import { watchVideoFrames } from "./videoFrames";

/** Props of {@link HlsView}: the playlist URL and the common view props. */
export type HlsViewProps = {
  url: string;
  label: string;
  active: boolean;
  audio: boolean;
  className: string;
  onFrame: () => void;
  onError: (message: string) => void;
};

/**
 * Live HLS (spec §4): hls.js, loaded lazily in its own chunk, with {@link HLS_PLAYER_CONFIG} (back
 * buffer 10 s; playlists and segments one attempt of at most 30 s, spec §9); Safari's native HLS
 * where hls.js is not supported. A fatal error or no frame for 3 s destroys the player and starts
 * again after 500 ms. A playlist or segment answered 401 or 403 (the session is locked or gone)
 * destroys it for good and goes to the camera API client (spec §4: AUTH_SESSION_LOCKED shows the
 * PIN screen).
 */
export function HlsView({ url, label, active, audio, className, onFrame, onError }: HlsViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const clients = useAtomValue(cameraClientsAtom);
  const callbacks = useRef({ onFrame, onError });
  callbacks.current = { onFrame, onError };
  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    let stopped = false;
    let destroy: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const restart = (message: string) => {
      if (stopped) return;
      destroy?.();
      destroy = null;
      callbacks.current.onError(message);
      if (retry === null) retry = setTimeout(start, LIVE_VIEW.retryWaitMs);
    };
    const start = () => {
      retry = null;
      void import("hls.js").then(
        ({ default: Hls }) => {
          if (stopped) return;
          const stopWatch = watchVideoFrames(
            video,
            () => callbacks.current.onFrame(),
            () => restart("No frame"),
          );
          if (!Hls.isSupported()) {
            video.src = url;
            destroy = () => {
              stopWatch();
              video.removeAttribute("src");
              video.load();
            };
          } else {
            const hls = new Hls(HLS_PLAYER_CONFIG);
            hls.on(Hls.Events.ERROR, (_event, data) => {
              const refusal = hlsRefusalOf(data);
              if (refusal) {
                stopped = true;
                destroy?.();
                destroy = null;
                callbacks.current.onError(clients ? clients.cameras.report(refusal).message : refusal.message);
              } else if (data.fatal) restart(`HLS ${data.details}`);
            });
            hls.loadSource(url);
            hls.attachMedia(video);
            destroy = () => {
              stopWatch();
              hls.destroy();
            };
          }
          void video.play().catch(() => undefined);
        },
        (error: unknown) => restart(error instanceof Error ? error.message : String(error)),
      );
    };
    start();
    return () => {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      destroy?.();
    };
  }, [url, active, clients]);
  return <LiveVideo ref={videoRef} label={label} audio={audio} className={className} />;
}
