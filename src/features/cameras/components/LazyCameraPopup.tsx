import { lazy } from "react";

/** The camera popup (CameraPopup: one camera's live view in the doorbell's modal), loaded in its own chunk when first shown. */
export const LazyCameraPopup = lazy(() => import("./CameraPopup").then((module) => ({ default: module.CameraPopup })));
