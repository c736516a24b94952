import { createStore } from "jotai";
import type { JotaiStore } from "../shared/store";

/** Creates the app's ONE Jotai store (DESIGN §4); main.tsx calls this once, tests once per test. */
export function createAppStore(): JotaiStore {
  return createStore();
}
