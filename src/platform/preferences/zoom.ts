import type { ZoomState } from "./schemas";

/** The viewport meta's id in index.html. */
export const VIEWPORT_META_ID = "viewport";
const BASE_VIEWPORT = "width=device-width, initial-scale=1, viewport-fit=cover";
const LOCKED_SUFFIX = ", maximum-scale=1, user-scalable=no";

/** The viewport meta content for a zoom state: pinch zoom disabled only while "locked" (spec §2). */
export function viewportContent(zoomState: ZoomState): string {
  return zoomState === "locked" ? BASE_VIEWPORT + LOCKED_SUFFIX : BASE_VIEWPORT;
}

/**
 * Applies the zoom preference to `<meta id="viewport">` (created when missing). Idempotent.
 */
export function applyZoomLock(zoomState: ZoomState, doc: Document = document): void {
  let meta = doc.getElementById(VIEWPORT_META_ID);
  if (!(meta instanceof HTMLMetaElement)) {
    meta = doc.createElement("meta");
    meta.id = VIEWPORT_META_ID;
    meta.setAttribute("name", "viewport");
    doc.head.append(meta);
  }
  const content = viewportContent(zoomState);
  if (meta.getAttribute("content") !== content) meta.setAttribute("content", content);
}
