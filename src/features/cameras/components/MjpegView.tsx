import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { cameraClientsAtom } from "../atoms";
import { startMjpegReader } from "../mjpeg/reader";
import { createFrameSink } from "./frameSink";

/** Props of the MJPEG views: the stream URL, the alt text, whether to stream, and the frame/error callbacks. */
export type StreamViewProps = {
  url: string;
  /** The camera label: the image's alt text (spec §2). */
  label: string;
  /** Stream only while true (visible and on screen, and playing). */
  active: boolean;
  className: string;
  /** Runs for every frame shown. */
  onFrame: () => void;
  /** Runs for every failure (then the view restarts by itself). */
  onError: (message: string) => void;
};

/**
 * Live MJPEG read with fetch (spec §4, §7, §8, §9; mjpeg/reader.ts): the latest frame shown in an
 * `<img alt={label}>`, decoded off the main thread (frameSink.ts), restarting 500 ms after any
 * failure, stopped while `active` is false. `data-frames` counts the frames shown. A 401 or 403
 * (the session is locked or gone) stops it for good and goes to the camera API client (spec §4:
 * AUTH_SESSION_LOCKED shows the PIN screen).
 */
export function MjpegView({ url, label, active, className, onFrame, onError }: StreamViewProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const clients = useAtomValue(cameraClientsAtom);
  const callbacks = useRef({ onFrame, onError });
  callbacks.current = { onFrame, onError };
  useEffect(() => {
    const img = imgRef.current;
    if (!active || !img) return;
    let frames = Number(img.dataset.frames ?? 0);
    const sink = createFrameSink(img, () => {
      frames += 1;
      img.dataset.frames = String(frames);
      callbacks.current.onFrame();
    });
    const reader = startMjpegReader({
      url,
      onFrame: sink.push,
      onError: (error) => callbacks.current.onError(error.message),
      onRefused: (error) => callbacks.current.onError(clients ? clients.cameras.report(error).message : error.message),
    });
    return () => {
      reader.stop();
      sink.close();
    };
  }, [url, active, clients]);
  return <img ref={imgRef} className={className} alt={label} data-frames="0" data-testid="camera-image" />;
}
