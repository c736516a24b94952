import { lazy } from "react";

/** The panel agent (PanelAgent: registration, reports, commands), in its own chunk after the first screen. */
export const LazyPanelAgent = lazy(() => import("./PanelAgent").then((module) => ({ default: module.PanelAgent })));
