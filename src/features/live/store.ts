import type { createStore } from "jotai";

/** The app's Jotai store (created once in src/app). */
export type JotaiStore = ReturnType<typeof createStore>;
