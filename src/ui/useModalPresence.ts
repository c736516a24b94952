import { useEffect, useState } from "react";
import { motionMs } from "./motion";
import { MODAL_ANIMATION_MS } from "./timings";

/**
 * Whether a modal that its owner unmounts when closed should still be rendered: true while `open`,
 * and for `closeMs` after `open` turns false, so that {@link useModalDialog} can play the closing
 * animation (spec §9 "modal animation 300 ms") before the element goes. With
 * `prefers-reduced-motion: reduce` it turns false together with `open`.
 */
export function useModalPresence(open: boolean, closeMs: number = MODAL_ANIMATION_MS): boolean {
  const [lingering, setLingering] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Adjusting state while rendering (React's documented pattern): the first render after closing
    // already counts as lingering, so the dialog is never unmounted for a frame.
    setWasOpen(open);
    setLingering(!open && motionMs(closeMs) > 0);
  }
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), motionMs(closeMs));
    return () => clearTimeout(timer);
  }, [lingering, closeMs]);
  return open || lingering;
}
