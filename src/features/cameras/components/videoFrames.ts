import { LIVE_VIEW } from "../../../../contract/cameras";

/**
 * Watches a `<video>` for new frames (requestVideoFrameCallback where the browser has it, else the
 * `timeupdate` event): `onFrame` per frame (and `data-frames` counts them), `onStall` once when no
 * frame came for 3 s (spec §4, §9) after the watch began. Returns the function that ends the watch.
 */
export function watchVideoFrames(video: HTMLVideoElement, onFrame: () => void, onStall: () => void): () => void {
  let ended = false;
  let frames = Number(video.dataset.frames ?? 0);
  let stall = setTimeout(onStall, LIVE_VIEW.frameTimeoutMs);
  const seen = () => {
    if (ended) return;
    frames += 1;
    video.dataset.frames = String(frames);
    clearTimeout(stall);
    stall = setTimeout(() => {
      if (!ended) onStall();
    }, LIVE_VIEW.frameTimeoutMs);
    onFrame();
  };
  let handle = 0;
  const hasCallback = typeof video.requestVideoFrameCallback === "function";
  const next = () => {
    handle = video.requestVideoFrameCallback(() => {
      seen();
      if (!ended) next();
    });
  };
  if (hasCallback) next();
  else video.addEventListener("timeupdate", seen);
  return () => {
    ended = true;
    clearTimeout(stall);
    if (hasCallback) video.cancelVideoFrameCallback(handle);
    else video.removeEventListener("timeupdate", seen);
  };
}
