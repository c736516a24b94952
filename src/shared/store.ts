import type { createStore } from "jotai";

/** The app's one Jotai store (DESIGN §4), created once in src/app; the type every module names it by. */
export type JotaiStore = ReturnType<typeof createStore>;
