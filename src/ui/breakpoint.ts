import { useEffect, useState } from "react";
import { onWindowResize } from "./resize";

/** The layout's breakpoints (spec §2), by the viewport's width: mobile < 600, tablet < 1024, desktop < 1600, huge. */
export type Breakpoint = "mobile" | "tablet" | "desktop" | "huge";

/** The widths, CSS px, at which each breakpoint starts; the same as the media queries of `styles/tokens.css`. */
export const BREAKPOINT_MIN_WIDTH = { tablet: 600, desktop: 1024, huge: 1600 } as const;

/** The breakpoint of a viewport `width` CSS px wide. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINT_MIN_WIDTH.huge) return "huge";
  if (width >= BREAKPOINT_MIN_WIDTH.desktop) return "desktop";
  if (width >= BREAKPOINT_MIN_WIDTH.tablet) return "tablet";
  return "mobile";
}

/**
 * The window's current breakpoint, for what the layout does in script rather than CSS (the phone's
 * menu drawer). It follows a resize 100 ms after the last `resize` event (spec §9 "resize debounce"),
 * so a drag of the window's edge re-renders once.
 */
export function useBreakpoint(): Breakpoint {
  const [breakpoint, setBreakpoint] = useState(() => breakpointOf(window.innerWidth));
  useEffect(() => onWindowResize(() => setBreakpoint(breakpointOf(window.innerWidth))), []);
  return breakpoint;
}
