import { forwardRef } from "react";

/** Props of {@link LiveVideo}. */
export type LiveVideoProps = {
  /** The camera's label: the video's accessible name. */
  label: string;
  /** Sound on (the view's audio toggle); muted otherwise, as autoplay needs. */
  audio: boolean;
  className: string;
};

/**
 * The `<video data-testid="camera-video">` a live view (HLS, WebRTC) plays into: autoplaying inline,
 * muted unless `audio`, with `data-frames="0"` until watchVideoFrames counts frames shown.
 */
export const LiveVideo = forwardRef<HTMLVideoElement, LiveVideoProps>(function LiveVideo(
  { label, audio, className },
  ref,
) {
  return (
    <video
      ref={ref}
      className={className}
      aria-label={label}
      muted={!audio}
      autoPlay
      playsInline
      data-frames="0"
      data-testid="camera-video"
    />
  );
});
