import { lazy } from "react";

/** The menu's panels (PanelsMenu: this panel, the household's panels, commands, profiles), in their own chunk. */
export const LazyPanelsMenu = lazy(() => import("./PanelsMenu").then((module) => ({ default: module.PanelsMenu })));
