import { useEffect, useRef, useState } from "react";
import { LIVE_VIEW } from "../../../../contract/cameras";
import type { StreamViewProps } from "./MjpegView";

/**
 * The legacy MJPEG mode (feature flag `mjpeg-old`, spec §4, §9): the browser's own multipart image
 * (`<img src>` on the stream). After an error the image reloads in 2 s; every 1 s a check restarts
 * it when the current frame cannot be decoded (no picture).
 */
export function LegacyMjpegView({ url, label, active, className, onFrame, onError }: StreamViewProps) {
  const [attempt, setAttempt] = useState(0);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!active) return;
    const check = setInterval(() => {
      const img = imgRef.current;
      if (!img) return;
      if (img.complete && img.naturalWidth === 0) setAttempt((n) => n + 1);
      else if (img.naturalWidth > 0) onFrame();
    }, LIVE_VIEW.legacyDecodeCheckMs);
    return () => clearInterval(check);
  }, [active, onFrame]);
  const handleError = () => {
    onError("Image error");
    setTimeout(() => setAttempt((n) => n + 1), LIVE_VIEW.legacyRestartMs);
  };
  if (!active) return <img className={className} alt={label} data-testid="camera-image" />;
  return (
    <img
      ref={imgRef}
      key={attempt}
      className={className}
      alt={label}
      src={`${url}?attempt=${attempt}`}
      onLoad={onFrame}
      onError={handleError}
      data-testid="camera-image"
    />
  );
}
