import * as v from "valibot";
import { PanelIdSchema } from "../../../contract/panels";

/** The localStorage key of this browser's panel id (shared with the panels registry). */
export const PANEL_ID_KEY = "panel.id";

/** The id used when this browser keeps nothing (storage blocked): one per page load. */
let ephemeral: string | null = null;

/** A new random panel id: a version 4 UUID (36 lower-case hex digits and `-`: contract/panels.ts PanelIdSchema). */
function newPanelId(): string {
  return crypto.randomUUID();
}

/**
 * This browser's panel id (contract/panels.ts PanelIdSchema): made once at random and kept in
 * localStorage under `panel.id`; a stored value that is not a panel id is replaced. Where storage is
 * blocked, one id for this page's life.
 */
export function currentPanelId(storage: Pick<Storage, "getItem" | "setItem"> | null = safeLocalStorage()): string {
  try {
    const stored = storage?.getItem(PANEL_ID_KEY);
    if (stored !== null && stored !== undefined && v.is(PanelIdSchema, stored)) return stored;
    if (storage) {
      const id = newPanelId();
      storage.setItem(PANEL_ID_KEY, id);
      return id;
    }
  } catch {
    // storage blocked or full: fall back to this page's id
  }
  ephemeral ??= newPanelId();
  return ephemeral;
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
